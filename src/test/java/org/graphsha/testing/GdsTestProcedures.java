package org.graphsha.testing;

import java.util.List;
import java.util.Set;

import org.graphsha.tools.cli.GdsProcedureClasses;

/**
 * The GDS procedures and functions the test databases register: the catalog (project, drop, list, filter, node
 * properties), the utility functions, PageRank and GDS's own listing and progress calls, which are all that the
 * tests, the Cypher scripts and the docs' statements call. Registering all 244 GDS classes costs about 9 s of CPU
 * per database start (Neo4j compiles every procedure's signature), and the suite starts several.
 */
public final class GdsTestProcedures {

    private static final Set<String> PACKAGES = Set.of("org.neo4j.gds", "org.neo4j.gds.catalog",
        "org.neo4j.gds.functions", "org.neo4j.gds.pagerank");

    private GdsTestProcedures() {}

    public static List<Class<?>> classes() {
        return GdsProcedureClasses.find().stream().filter(type -> PACKAGES.contains(type.getPackageName())).toList();
    }
}
