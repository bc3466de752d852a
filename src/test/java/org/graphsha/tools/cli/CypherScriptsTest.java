package org.graphsha.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.graphsha.testing.TestNeo4j;
import org.graphsha.tools.generate.Flags;
import org.graphsha.tools.generate.UserGraph;
import org.graphsha.tools.generate.UserGraphSettings;
import org.graphsha.tools.importer.GeneratedGraphWriter;
import org.graphsha.tools.importer.GraphRecords;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example script in cypher/ runs, in file-name order, against the harness and prints the tables it is
 * meant to show: each statement's columns, and the row counts and values that follow from Cora's long-tailed
 * split, the trained models and the small user-shaped graph that {@code ./graphsha generate --shape user} writes.
 * The scripts' training calls get a few epochs instead of the default 900: the scripts show what the calls
 * return, which a short run shows as well.
 */
class CypherScriptsTest {

    private static final int EPOCHS = 20;
    private static final List<String> CORA_TRAIN_COUNTS = List.of("34", "7", "158", "341", "73", "15", "3");
    private static final List<String> CORA_TEST_COUNTS = List.of("130", "91", "144", "319", "149", "103", "64");
    private static final int USER_NODES = 600;

    private static final Map<String, Consumer<List<PrintedTable>>> EXPECTED = Map.of(
        "01-load-and-split.cypher", CypherScriptsTest::loadsSplitsAndProjects,
        "02-project.cypher", CypherScriptsTest::reprojects,
        "03-train.cypher", CypherScriptsTest::trainsTwoModels,
        "04-predict.cypher", CypherScriptsTest::predicts,
        "05-analyst-queries.cypher", CypherScriptsTest::answersTheAnalyst,
        "06-synthetic-nodes.cypher", CypherScriptsTest::materialisesSyntheticNodes,
        "07-live.cypher", CypherScriptsTest::scoresLive,
        "08-usergraph.cypher", CypherScriptsTest::trainsOnTheUserGraph,
        "09-own-graph.cypher", CypherScriptsTest::trainsOnAGraphOfOnesOwn);

    private static UserGraph user;

    @BeforeAll
    static void clean() {
        TestNeo4j.reset();
        user = UserGraph.generate(UserGraphSettings.parse(new Flags(List.of("--user-nodes", "" + USER_NODES,
            "--user-class-ratio", "10", "--user-rarest-labels", "8"))));
        new GeneratedGraphWriter(TestNeo4j.db(), GraphShape.USER.label, GraphShape.USER.relationshipType, 10_000)
            .write(GraphRecords.user(user), f -> { });
    }

    static Stream<Path> scripts() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(Path.of("cypher"))) {
            files = listing.filter(p -> p.toString().endsWith(".cypher")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no example scripts found in cypher/");
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scripts")
    void runs(Path script) throws IOException {
        Consumer<List<PrintedTable>> expected = EXPECTED.get(script.getFileName().toString());
        assertTrue(expected != null, "no expected results for " + script + ": add them to this test");
        List<PrintedTable> tables = new ArrayList<>();
        for (String statement : CypherRunner.statements(Files.readString(script))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            CypherRunner runner = new CypherRunner(TestNeo4j.db(), new PrintStream(out, true, StandardCharsets.UTF_8));
            runner.run(statement.replaceAll("graphsha\\.train\\('([^']+)', \\{",
                "graphsha.train('$1', {epochs: " + EPOCHS + ", "));
            tables.add(PrintedTable.parse(out.toString(StandardCharsets.UTF_8)));
        }
        expected.accept(tables);
    }

    private static void loadsSplitsAndProjects(List<PrintedTable> t) {
        assertEquals(5, t.size());
        assertEquals(List.of("dataset", "nodeCount", "relationshipCount", "featureDimension", "writeMillis"),
            t.get(0).columns());
        assertEquals(List.of("cora", "2708", "5278", "1433"), t.get(0).rows().get(0).subList(0, 4));
        PrintedTable split = t.get(1);
        assertEquals(List.of("class", "train", "val", "test", "removed"), split.columns());
        assertEquals(List.of("0", "1", "2", "3", "4", "5", "6"), split.column("class"));
        assertEquals(CORA_TRAIN_COUNTS, split.column("train"));
        assertEquals(CORA_TEST_COUNTS, split.column("test"));
        assertEquals(2708, split.sum("train") + split.sum("val") + split.sum("test") + split.sum("removed"));
        assertEquals(List.of("dropped"), t.get(2).columns());
        assertProjected(t.get(3), "cora", 2708, 10556);
        PrintedTable shares = t.get(4);
        assertEquals(List.of("class", "trainNodes", "percent"), shares.columns());
        assertEquals(List.of("3", "2", "4", "0", "5", "1", "6"), shares.column("class"));
        assertEquals(List.of("341", "158", "73", "34", "15", "7", "3"), shares.column("trainNodes"));
        assertEquals(100, shares.sum("percent"), 0.3);
        assertEquals(List.of("54.0", "0.5"), List.of(shares.column("percent").get(0), shares.column("percent").get(6)));
    }

    private static void reprojects(List<PrintedTable> t) {
        assertEquals(2, t.size());
        assertEquals("1", t.get(0).single("droppedOldProjection"), "script 01 left a projection to drop");
        assertEquals(List.of("graphName", "nodeCount", "relationshipCount", "projectMillis"), t.get(1).columns());
        assertProjected(t.get(1), "cora", 2708, 10556);
    }

    private static void trainsTwoModels(List<PrintedTable> t) {
        assertEquals(5, t.size());
        assertEquals(List.of("projected", "nodeCount"), t.get(0).columns());
        assertEquals(0, t.get(0).rows().size(), "the projection of script 02 exists, so none is made");
        assertEquals(List.of("requiredMemory", "heapBytes", "nativeBytesMax"), t.get(1).columns());
        assertTrue(t.get(1).single("requiredMemory").matches("[0-9.]+ [KMG]iB \\.\\.\\. [0-9.]+ [KMG]iB"),
            t.get(1).single("requiredMemory"));
        assertTrue(Long.parseLong(t.get(1).single("heapBytes")) > 0);
        assertEquals(List.of("modelName", "trainMillis", "testBalancedAccuracy"), t.get(2).columns());
        assertEquals("cora-vanilla", t.get(2).single("modelName"));
        assertPercent(t.get(2).single("testBalancedAccuracy"));
        assertEquals(List.of("modelName", "trainMillis", "testBalancedAccuracy", "syntheticNodesPerEpoch"),
            t.get(3).columns());
        assertEquals("cora-graphsha", t.get(3).single("modelName"));
        assertPercent(t.get(3).single("testBalancedAccuracy"));
        assertTrue(Double.parseDouble(t.get(3).single("syntheticNodesPerEpoch")) > 0, "GraphSHA synthesised nothing");
        PrintedTable models = t.get(4);
        assertEquals(List.of("modelName", "method", "backbone", "bestEpoch", "creationTime"), models.columns());
        assertEquals(List.of("cora-graphsha", "cora-vanilla"), models.column("modelName"));
        assertEquals(List.of("graphsha", "vanilla"), models.column("method"));
        assertEquals(List.of("gcn", "gcn"), models.column("backbone"));
        models.numbers("bestEpoch").forEach(epoch -> assertTrue(epoch >= 0 && epoch < EPOCHS, "best epoch " + epoch));
    }

    private static void predicts(List<PrintedTable> t) {
        assertEquals(3, t.size());
        assertEquals(0, t.get(0).rows().size());
        PrintedTable streamed = t.get(1);
        assertEquals(List.of("nodeId", "predictedClass", "confidence"), streamed.columns());
        assertEquals(5, streamed.rows().size());
        List<Double> ids = streamed.numbers("nodeId");
        assertEquals(ids.stream().sorted().toList(), ids, "ordered by node id");
        streamed.column("predictedClass").forEach(c -> assertTrue(CLASSES.contains(c), c));
        streamed.numbers("confidence").forEach(c -> assertTrue(c >= 1.0 / 7 - 1e-3 && c <= 1, "confidence " + c));
        assertEquals(List.of("nodePropertiesWritten", "computeMillis", "writeMillis"), t.get(2).columns());
        assertEquals("5416", t.get(2).single("nodePropertiesWritten"), "class and confidence of 2708 papers");
    }

    private static final Set<String> CLASSES = Set.of("0", "1", "2", "3", "4", "5", "6");

    private static void answersTheAnalyst(List<PrintedTable> t) {
        assertEquals(3, t.size());
        PrintedTable perClass = t.get(0);
        assertEquals(List.of("class", "trainNodes", "testNodes", "accuracy"), perClass.columns());
        assertEquals(List.of("6", "1", "5", "0", "4", "2", "3"), perClass.column("class"), "rarest first");
        assertEquals(List.of("3", "7", "15", "34", "73", "158", "341"), perClass.column("trainNodes"));
        assertEquals(List.of("64", "91", "103", "130", "149", "144", "319"), perClass.column("testNodes"));
        perClass.column("accuracy").forEach(CypherScriptsTest::assertPercent);
        long wrong = (Long) TestNeo4j.single("MATCH (p:Paper {split: 'test'}) WHERE p.predicted <> p.class "
            + "RETURN count(p)");
        assertEquals(wrong, Math.round(perClass.rows().stream().mapToDouble(row ->
            Double.parseDouble(row.get(2)) * (1 - Double.parseDouble(row.get(3)) / 100)).sum()), "per-class accuracy");
        PrintedTable direction = t.get(1);
        assertEquals(List.of("direction", "papers"), direction.columns());
        assertTrue(Set.of("into a larger class", "into a smaller class").containsAll(direction.column("direction")),
            direction.toString());
        assertEquals(wrong, direction.sum("papers"), "every misclassified test paper goes one way");
        PrintedTable review = t.get(2);
        assertEquals(List.of("paper", "predicted", "confidence", "neighbourPredictions"), review.columns());
        assertTrue(review.rows().size() <= 10);
        review.column("predicted").forEach(c -> assertTrue(Set.of("6", "1", "5").contains(c), "not rare: " + c));
        List<Double> confidences = review.numbers("confidence");
        assertEquals(confidences.stream().sorted().toList(), confidences, "least confident first");
        confidences.forEach(c -> assertTrue(c < 0.5, "confidence " + c));
    }

    private static void materialisesSyntheticNodes(List<PrintedTable> t) {
        assertEquals(5, t.size());
        assertEquals(0, t.get(0).rows().size());
        PrintedTable written = t.get(1);
        assertEquals(List.of("modelName", "nodesCreated", "relationshipsCreated"), written.columns());
        assertEquals("cora-graphsha", written.single("modelName"));
        double created = Double.parseDouble(written.single("nodesCreated"));
        assertTrue(created > 0 && Double.parseDouble(written.single("relationshipsCreated")) > 0, written.toString());
        PrintedTable perClass = t.get(2);
        assertEquals(List.of("class", "syntheticNodes", "meanDelta", "meanInDegree"), perClass.columns());
        assertFalse(perClass.column("class").contains("3"), "the largest class gets no synthetic nodes");
        assertEquals(created, perClass.sum("syntheticNodes"));
        perClass.numbers("meanDelta").forEach(d -> assertTrue(d >= 0 && d <= 1, "delta " + d));
        PrintedTable provenance = t.get(3);
        assertEquals(List.of("syntheticClass", "auxiliaryClass", "nodes"), provenance.columns());
        assertEquals(created, provenance.sum("nodes"), "one auxiliary per synthetic node");
        provenance.rows().forEach(row -> assertNotEquals(row.get(0), row.get(1), "an auxiliary of the own class"));
        assertEquals(List.of("nodesDeleted"), t.get(4).columns());
        assertEquals(created, Double.parseDouble(t.get(4).single("nodesDeleted")), "exactly them removed again");
    }

    private static void scoresLive(List<PrintedTable> t) {
        assertEquals(7, t.size());
        assertEquals(List.of(), t.get(0).columns());
        PrintedTable created = t.get(1);
        assertEquals(List.of("paper", "predictedClass", "confidence"), created.columns());
        assertEquals(List.of("100000", "100633", "101701"), created.column("paper"));
        PrintedTable recent = t.get(2);
        assertEquals(List.of("nodeId", "predictedClass", "confidence", "classes"), recent.columns());
        assertEquals(List.of("7", "7", "7"), recent.column("classes"));
        assertEquals(created.column("predictedClass"), recent.column("predictedClass"), "same nodes, same model");
        assertEquals(created.column("confidence"), recent.column("confidence"));
        assertEquals("3", t.get(3).single("written"));
        PrintedTable compared = t.get(4);
        assertEquals(List.of("paper", "streamed", "live", "sameConfidence"), compared.columns());
        assertEquals(created.column("paper"), compared.column("paper"));
        assertEquals(compared.column("streamed"), compared.column("live"), "live scoring agrees with predict.stream");
        assertEquals(List.of("true", "true", "true"), compared.column("sameConfidence"));
        assertEquals("cora-live", t.get(5).single("graphName"));
        assertEquals(List.of(), t.get(6).columns());
        assertEquals(0L, TestNeo4j.single("MATCH (p:Paper) WHERE p.createdAt IS NOT NULL RETURN count(p)"));
    }

    private static void trainsOnTheUserGraph(List<PrintedTable> t) {
        assertEquals(6, t.size());
        assertEquals("0", t.get(0).single("droppedOldProjection"));
        assertEquals(List.of("graphName", "nodeCount", "relationshipCount"), t.get(1).columns());
        assertProjected(t.get(1), "accounts", USER_NODES, 2 * user.graph().relationshipCount());
        PrintedTable trained = t.get(2);
        assertEquals(List.of("modelName", "trainMillis", "classes", "validationBalancedAccuracy"), trained.columns());
        assertEquals("accounts-graphsha", trained.single("modelName"));
        assertEquals("[fraud, mule, normal, suspicious]", trained.single("classes"));
        assertPercent(trained.single("validationBalancedAccuracy"));
        assertEquals(String.valueOf(2 * USER_NODES), t.get(3).single("nodePropertiesWritten"));
        PrintedTable recall = t.get(4);
        assertEquals(List.of("class", "unlabeled", "correct", "recall"), recall.columns());
        assertEquals(Set.of("fraud", "mule", "normal", "suspicious"), Set.copyOf(recall.column("class")));
        List<Double> unlabeled = recall.numbers("unlabeled");
        assertEquals(unlabeled.stream().sorted().toList(), unlabeled, "rarest class first");
        long labeled = java.util.stream.IntStream.range(0, USER_NODES).filter(i -> user.labeled()[i]).count();
        assertEquals(USER_NODES - labeled, recall.sum("unlabeled"), "every unlabeled account is scored once");
        double meanRecall = recall.sum("recall") / 4;
        PrintedTable balanced = t.get(5);
        assertEquals(List.of("balancedAccuracy", "classes"), balanced.columns());
        assertEquals("4", balanced.single("classes"));
        assertEquals(meanRecall, Double.parseDouble(balanced.single("balancedAccuracy")), 0.1);
        assertTrue(meanRecall > 50, "chance is 25 %, a user-shaped graph is learnt well above it: " + meanRecall);
    }

    /**
     * 300 clients (250 labeled, a tenth of them frauds), 30 merchants; a fraud pays at one merchant, any other
     * client at two, except the ten (multiples of 27 but not of 10) whose two merchants coincide.
     */
    private static void trainsOnAGraphOfOnesOwn(List<PrintedTable> t) {
        assertEquals(14, t.size());
        assertEquals("300", t.get(3).single("clients"));
        assertEquals("30", t.get(4).single("merchants"));
        assertEquals("560", t.get(5).single("payments"));
        assertProjected(t.get(6), "own", 330, 2 * 560);
        PrintedTable trained = t.get(7);
        assertEquals("[false, true]", trained.single("classes"));
        assertEquals("4", trained.single("featureDimension"), "three properties and the merchants' marker");
        assertPercent(trained.single("testBalancedAccuracy"));
        PrintedTable perClass = t.get(8);
        assertEquals(List.of("class", "precision", "recall", "f1"), perClass.columns());
        assertEquals(List.of("false", "true"), perClass.column("class"));
        PrintedTable confusion = t.get(9);
        assertEquals(List.of("false", "true"), confusion.column("actual"));
        // A fifth of each class tests: 45 of the 225 others, 5 of the 25 frauds.
        assertEquals(45 + 5, confusion.sum("predictedFalse") + confusion.sum("predictedTrue"));
        assertEquals(List.of(45.0, 5.0), List.of(
            confusion.numbers("predictedFalse").get(0) + confusion.numbers("predictedTrue").get(0),
            confusion.numbers("predictedFalse").get(1) + confusion.numbers("predictedTrue").get(1)));
        assertEquals("660", t.get(10).single("nodePropertiesWritten"));
        assertEquals("50", t.get(11).single("unlabeledClients"));
        assertProjected(t.get(12), "own-clients", 300, 0);
        assertEquals("3", t.get(13).single("featureDimension"), "no merchants, no marker");
        assertPercent(t.get(13).single("testBalancedAccuracy"));
    }

    private static void assertProjected(PrintedTable table, String graph, long nodes, long relationships) {
        assertEquals(graph, table.single("graphName"));
        assertEquals(String.valueOf(nodes), table.single("nodeCount"));
        assertEquals(String.valueOf(relationships), table.single("relationshipCount"));
    }

    private static void assertPercent(String value) {
        double percent = Double.parseDouble(value);
        assertTrue(percent >= 0 && percent <= 100, "not a percentage: " + value);
    }
}
