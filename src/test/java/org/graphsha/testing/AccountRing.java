package org.graphsha.testing;

import static org.graphsha.testing.TestNeo4j.rows;

import java.util.Map;

/**
 * A small fraud-shaped graph for procedure tests: 120 :Account nodes, 18 of them {@code kind: 'fraud'}, on a ring
 * with chords (:PAYS), split by {@code part} (train / val / test), with a two-wide {@code vec} feature on which the
 * classes overlap.
 */
public final class AccountRing {

    private AccountRing() {}

    /** Resets the shared database, drops every model, writes the ring and projects it as {@code graphName}. */
    public static void project(String graphName) {
        TestNeo4j.reset();
        rows("CALL graphsha.model.list() YIELD modelName CALL graphsha.model.drop(modelName) YIELD modelInfo RETURN count(*)");
        rows("UNWIND range(0, 119) AS i WITH i, CASE WHEN i % 20 IN [0, 7, 13] THEN 'fraud' ELSE 'normal' END AS kind "
            + "CREATE (:Account {ref: i, kind: kind, part: CASE WHEN i % 5 = 1 THEN 'val' WHEN i % 5 = 2 THEN 'test' "
            + "ELSE 'train' END, vec: [CASE kind WHEN 'fraud' THEN 0.6 ELSE 0.2 END + (i % 7) * 0.08, "
            + "(i % 11) * 0.1]})");
        rows("MATCH (a:Account), (b:Account) WHERE b.ref = (a.ref + 1) % 120 OR b.ref = (a.ref + 20) % 120 "
            + "CREATE (a)-[:PAYS]->(b)");
        rows("CALL gds.graph.project($graph, 'Account', {PAYS: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['vec']})", Map.of("graph", graphName));
    }
}
