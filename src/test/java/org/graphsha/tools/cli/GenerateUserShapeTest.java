package org.graphsha.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.graphsha.tools.generate.Flags;
import org.graphsha.tools.generate.UserGraph;
import org.graphsha.tools.generate.UserGraphSettings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * {@code generate --shape user} in-process on a real embedded Neo4j: what it writes, that
 * {@code graphsha.train} and {@code graphsha.predict.stream} take it as a user's graph (string classes on
 * a few nodes, no split), and that flags of the other shape are refused by name.
 */
class GenerateUserShapeTest {

    /** Small and with a strong feature signal; ratio 10 leaves the rarest class 34 nodes, 8 of them labeled. */
    private static final List<String> SMALL = List.of("--user-nodes", "600", "--user-class-ratio", "10",
        "--user-rarest-labels", "8", "--user-features", "12", "--user-signal", "2");

    @TempDir
    Path home;

    private CliSession cli;

    @BeforeEach
    void startSession() {
        cli = new CliSession(home);
    }

    private int generate(String... extra) {
        List<String> args = new ArrayList<>(List.of("generate", "--shape", "user"));
        args.addAll(SMALL);
        args.addAll(List.of(extra));
        return cli.run(args.toArray(String[]::new));
    }

    @Test
    @SuppressWarnings("unchecked")
    void writesTheUserGraphTransactionallyAndTrainsAndPredictsOnItThroughCypher() throws Exception {
        // No --write-mode: the user shape's default is the transactional write, under :Account and :TRANSFERS.
        assertEquals(0, generate("--batch-size", "250"), cli::err);
        UserGraph user = UserGraph.generate(UserGraphSettings.parse(new Flags(SMALL)));
        String text = cli.out();
        assertTrue(text.contains("written as :Account nodes and :TRANSFERS relationships"), text);
        assertTrue(text.contains("600 nodes, 2400 relationships, edge homophily"), text);
        assertTrue(text.contains("labeled/all nodes per class: " + user.labelsPerClass()), text);
        assertEquals(8, user.labeledCount(3), "the rarest class has --user-rarest-labels labels");

        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(home, 0)) {
            GraphDatabaseService db = neo4j.db();
            assertEquals(2400L, single(db, "MATCH (:Account)-[r:TRANSFERS]->(:Account) RETURN count(r)"));
            List<Map<String, Object>> nodes = rows(db, "MATCH (a:Account) RETURN a.id AS id, a.class AS class, "
                + "a.trueClass AS trueClass, a.features AS features, keys(a) AS keys");
            assertEquals(600, nodes.size());
            Map<String, Integer> labelsPerClass = new HashMap<>();
            for (Map<String, Object> node : nodes) {
                int i = Math.toIntExact((Long) node.get("id"));
                String truth = UserGraph.className(user.graph().classes()[i]);
                assertEquals(truth, node.get("trueClass"));
                if (user.labeled()[i]) {
                    assertInstanceOf(String.class, node.get("class"));
                    assertEquals(truth, node.get("class"));
                    labelsPerClass.merge(truth, 1, Integer::sum);
                } else {
                    assertNull(node.get("class"), "unlabeled node " + i + " carries a class");
                }
                assertEquals(12, ((float[]) node.get("features")).length);
                // No split property of any name: graphsha.train's automatic holdout is what splits.
                assertTrue(Set.of("id", "class", "trueClass", "features").containsAll((List<String>) node.get("keys")),
                    "node " + i + " has " + node.get("keys"));
            }
            assertEquals(8, labelsPerClass.get("mule"));
            assertEquals(user.labeledCount(0), labelsPerClass.get("normal"));

            rows(db, "CALL gds.graph.project('accounts', 'Account', {TRANSFERS: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['features']})");
            Map<String, Object> trained = rows(db, "CALL graphsha.train('accounts', {modelName: 'accounts-sha', "
                + "targetProperty: 'class', featureProperties: ['features'], epochs: 60}) YIELD modelInfo RETURN modelInfo")
                .get(0);
            assertEquals(Set.of("normal", "suspicious", "fraud", "mule"),
                new HashSet<>((List<String>) ((Map<String, Object>) trained.get("modelInfo")).get("classes")));

            List<Map<String, Object>> predicted = rows(db, "CALL graphsha.predict.stream('accounts', "
                + "{modelName: 'accounts-sha'}) YIELD nodeId, predictedClass "
                + "WITH gds.util.asNode(nodeId) AS a, predictedClass WHERE a.class IS NULL "
                + "RETURN a.trueClass AS truth, predictedClass");
            long unlabeled = nodes.stream().filter(n -> n.get("class") == null).count();
            assertEquals(unlabeled, predicted.size(), "one prediction per unlabeled node");
            Map<String, int[]> recall = new HashMap<>();
            for (Map<String, Object> row : predicted) {
                assertTrue(Set.of("normal", "suspicious", "fraud", "mule").contains(row.get("predictedClass")),
                    "not a class string: " + row.get("predictedClass"));
                int[] counts = recall.computeIfAbsent((String) row.get("truth"), k -> new int[2]);
                counts[0] += row.get("truth").equals(row.get("predictedClass")) ? 1 : 0;
                counts[1]++;
            }
            assertEquals(4, recall.size(), "every class has unlabeled nodes");
            double balancedAccuracy = recall.values().stream().mapToDouble(c -> (double) c[0] / c[1]).average()
                .orElseThrow();
            assertTrue(balancedAccuracy > 0.7, "balanced accuracy on the unlabeled nodes (0.91 when written), chance is 0.25: "
                + balancedAccuracy);
        }
    }

    @Test
    void bulkImportsTheUserGraphAsANewDatabase() {
        assertEquals(0, generate("--write-mode", "bulk", "--label", "User", "--relationship-type", "PAYS"), cli::err);
        assertTrue(cli.out().contains("database holds 600 :User nodes and 2400 :PAYS relationships"), cli::out);
        assertEquals(2, generate("--write-mode", "bulk"));
        assertTrue(cli.err().contains("--replace true"), cli::err);
    }

    @Test
    void flagsOfTheOtherShapeAndBadValuesAreUsageErrorsThatNameTheFlag() {
        assertEquals(2, cli.run("generate", "--shape", "user", "--nodes", "600"));
        assertTrue(cli.err().contains("flag --nodes 600 sets the graph of --shape arxiv, but this is --shape user"),
            cli::err);
        assertEquals(2, cli.run("generate", "--user-nodes", "600"));
        assertTrue(cli.err().contains("flag --user-nodes 600 sets the graph of --shape user, but this is --shape arxiv "
            + "(the default)"), cli::err);
        assertEquals(2, cli.run("generate", "--shape", "arxiv", "--user-seed", "3"));
        assertTrue(cli.err().contains("flag --user-seed 3 sets the graph of --shape user"), cli::err);
        assertEquals(2, cli.run("generate", "--shape", "users"));
        assertTrue(cli.err().contains("invalid value `users` for --shape: expected arxiv or user"), cli::err);
        assertEquals(2, cli.run("generate", "--shape", "user", "--user-signal", "strong"));
        assertTrue(cli.err().contains("`strong` for --user-signal"), cli::err);
        assertEquals(2, cli.run("generate", "--shape", "user", "--user-nodes", "600"));
        assertTrue(cli.err().contains("--user-rarest-labels 10 is more than the rarest class has"), cli::err);
        assertEquals(2, cli.run("generate", "--shape", "user", "--user-colour", "red"));
        assertTrue(cli.err().contains("unknown flag --user-colour"), cli::err);
        assertEquals(2, cli.run("generate", "--shape", "user", "--write-mode", "fast"));
        assertTrue(cli.err().contains("`fast` for --write-mode"), cli::err);
    }

    private static Object single(GraphDatabaseService db, String query) {
        return db.executeTransactionally(query, Map.of(), r -> r.next().values().iterator().next());
    }

    private static List<Map<String, Object>> rows(GraphDatabaseService db, String query) {
        return db.executeTransactionally(query, Map.of(), r -> {
            List<Map<String, Object>> all = new ArrayList<>();
            r.forEachRemaining(all::add);
            return all;
        });
    }
}
