package org.graphsha.cli;

import java.io.PrintStream;
import java.util.List;

/** {@code ./graphsha demo}: the README's main story, told through the same Cypher a user would type. */
final class DemoCommand implements Main.Command {

    static final List<String> STEPS = List.of(
        "CALL graphsha.dataset.load('cora', {nodeLabel: 'Paper', relationshipType: 'CITES', replace: true})",
        "CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES', imbalanceRatio: 100})\n"
            + "YIELD classValue, train, val, test, removed\n"
            + "RETURN classValue AS class, train, val, test, removed ORDER BY class",
        "CALL gds.graph.drop('cora', false) YIELD graphName RETURN count(*) AS droppedOldProjection",
        "CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}},\n"
            + "  {nodeProperties: ['features', 'class']})\n"
            + "YIELD graphName, nodeCount, relationshipCount RETURN graphName, nodeCount, relationshipCount",
        "MATCH (p:Paper) RETURN p.split AS split, count(*) AS nodes ORDER BY split");

    @Override
    public int run(List<String> args, Main.Options options, PrintStream out) throws Exception {
        if (!args.isEmpty()) {
            throw new Main.UsageException("demo takes no arguments");
        }
        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
            CypherRunner runner = new CypherRunner(neo4j.db(), out);
            for (String step : STEPS) {
                out.println();
                out.println("> " + step.replace("\n", "\n  "));
                runner.run(step);
            }
        }
        return 0;
    }
}
