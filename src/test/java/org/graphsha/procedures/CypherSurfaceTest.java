package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.graphsha.testing.Errors;
import org.graphsha.testing.Jobs;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Cypher surface on a user's graph: string classes, automatic holdout, catalog, write-back, progress. */
class CypherSurfaceTest {

    private static final String TRAIN = "CALL graphsha.train('accounts', {modelName: $name, targetProperty: 'kind', "
        + "featureProperties: ['vec', 'score'], epochs: 30, method: $method})";

    @BeforeAll
    static void accounts() {
        TestNeo4j.reset();
        rows("UNWIND range(0, 299) AS i CREATE (:Account {ref: i, score: toFloat(i % 5), "
            + "vec: [toFloat(i % 3), toFloat(i % 10) / 10.0, 1.0], "
            + "kind: CASE WHEN i < 250 THEN (CASE WHEN i % 10 = 0 THEN 'fraud' ELSE 'normal' END) ELSE null END})");
        rows("MATCH (a:Account), (b:Account) WHERE b.ref = a.ref + 1 OR b.ref = a.ref + 10 CREATE (a)-[:PAYS]->(b)");
        rows("CALL gds.graph.project('accounts', 'Account', {PAYS: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['vec', 'score']})");
    }

    @BeforeEach
    void emptyCatalog() {
        rows("CALL graphsha.model.list() YIELD modelName CALL graphsha.model.drop(modelName) YIELD modelInfo RETURN count(*)");
        rows("MATCH (s:GraphSHASynthetic) DETACH DELETE s");
    }

    private static Map<String, Object> train(String name, String method) {
        return rows(TRAIN + " YIELD modelName, modelInfo, validationMetrics, testMetrics, configuration, "
            + "syntheticNodesPerEpoch, trainMillis, preProcessingMillis, device RETURN *",
            Map.of("name", name, "method", method)).get(0);
    }

    @Test
    @SuppressWarnings("unchecked")
    void trainsOnStringClassesWithAnAutomaticHoldout() {
        Map<String, Object> result = train("kinds", "graphsha");
        Map<String, Object> info = (Map<String, Object>) result.get("modelInfo");
        assertEquals(List.of("fraud", "normal"), info.get("classes"));
        assertEquals(4L, info.get("featureDimension"));
        assertNotNull(info.get("bestEpoch"));
        // The automatic holdout tests a fifth of each class (25 frauds, 225 normal) that model selection never saw.
        Map<String, Map<String, Long>> confusion = (Map<String, Map<String, Long>>)
            ((Map<String, Object>) result.get("testMetrics")).get("confusionMatrix");
        assertEquals(5L, confusion.get("fraud").values().stream().mapToLong(Long::longValue).sum());
        assertEquals(45L, confusion.get("normal").values().stream().mapToLong(Long::longValue).sum());
        Map<String, Object> validation = (Map<String, Object>) result.get("validationMetrics");
        assertTrue(validation.keySet().containsAll(List.of("accuracy", "balancedAccuracy", "f1Macro", "perClass")));
        Map<String, Object> configuration = (Map<String, Object>) result.get("configuration");
        assertEquals(0.2, configuration.get("validationFraction"));
        assertEquals(0.2, configuration.get("testFraction"));
        assertEquals("graphsha", configuration.get("method"));
        assertEquals(128L, ((Number) configuration.get("topK")).longValue());
        assertEquals("cpu", String.valueOf(result.get("device")).toLowerCase().substring(0, 3));

        List<Map<String, Object>> predictions = rows("CALL graphsha.predict.stream('accounts', {modelName: 'kinds', "
            + "includePredictedProbabilities: true}) YIELD nodeId, predictedClass, predictedProbabilities, confidence RETURN *");
        assertEquals(300, predictions.size());
        for (Map<String, Object> p : predictions) {
            assertTrue(List.of("fraud", "normal").contains(p.get("predictedClass")), p.toString());
            List<Double> probabilities = (List<Double>) p.get("predictedProbabilities");
            assertEquals(1.0, probabilities.get(0) + probabilities.get(1), 1e-6);
            assertEquals(Math.max(probabilities.get(0), probabilities.get(1)), (Double) p.get("confidence"), 1e-12);
        }
    }

    /**
     * A two-class target's metrics: the model's per split and predict.stats's on the nodes with a known class, which
     * must agree with the predictions written back (precision = TP / (TP + FP) counted in Cypher) and with ranking
     * metrics recomputed here from the streamed probabilities.
     */
    @Test
    @SuppressWarnings("unchecked")
    void twoClassMetricsAgreeWithTheWrittenPredictions() {
        train("flags", "graphsha");
        Map<String, Object> validation = (Map<String, Object>) single("CALL graphsha.model.list('flags') "
            + "YIELD metrics RETURN metrics.validation");
        // 25 fraud against 225 normal training labels: fraud is the flagged class.
        assertEquals("fraud", validation.get("positiveClass"));
        Map<String, Map<String, Long>> matrix = (Map<String, Map<String, Long>>) validation.get("confusionMatrix");
        assertEquals(java.util.Set.of("fraud", "normal"), matrix.keySet());
        long validated = matrix.values().stream().flatMap(row -> row.values().stream()).mapToLong(Long::longValue).sum();
        assertEquals(50L, validated, "the automatic holdout validates 20 % of the 250 labeled nodes");
        Map<String, Object> fraudRow = perClass(validation, "fraud");
        long flaggedRight = matrix.get("fraud").get("fraud");
        long flaggedWrong = matrix.get("normal").get("fraud");
        assertEquals(flaggedRight + flaggedWrong == 0 ? 0.0 : (double) flaggedRight / (flaggedRight + flaggedWrong),
            (Double) fraudRow.get("precision"), 1e-12);
        assertEquals(fraudRow.get("accuracy"), fraudRow.get("recall"));
        assertEquals(matrix.get("fraud").get("fraud") + matrix.get("fraud").get("normal"), validation.get("k"));
        for (String key : List.of("prAuc", "rocAuc", "precisionAtK")) {
            double v = (Double) validation.get(key);
            assertTrue(v >= 0 && v <= 1, key + " " + v);
        }

        rows("CALL graphsha.predict.write('accounts', {modelName: 'flags', writeProperty: 'flag'})");
        try {
            Map<String, Object> stats = (Map<String, Object>) single("CALL graphsha.predict.stats('accounts', "
                + "{modelName: 'flags'}) YIELD metrics RETURN metrics");
            assertEquals(250L, stats.get("nodeCount"), "the nodes with a known class");
            long tp = count("a.kind = 'fraud' AND a.flag = 'fraud'");
            long fp = count("a.kind = 'normal' AND a.flag = 'fraud'");
            long fn = count("a.kind = 'fraud' AND a.flag = 'normal'");
            assertTrue(tp + fp > 0, "the model flags some account");
            Map<String, Object> fraud = perClass(stats, "fraud");
            assertEquals((double) tp / (tp + fp), (Double) fraud.get("precision"), 1e-12);
            assertEquals((double) tp / (tp + fn), (Double) fraud.get("recall"), 1e-12);
            assertEquals(Map.of("fraud", tp, "normal", fn),
                ((Map<String, Object>) stats.get("confusionMatrix")).get("fraud"));
            assertEquals("fraud", stats.get("positiveClass"));
            assertEquals(25L, stats.get("k"));
            double atK = (Double) stats.get("precisionAtK");
            assertEquals(Math.rint(atK * 25), atK * 25, 1e-9, "a count of hits out of k = 25: " + atK);

            List<Map<String, Object>> scored = rows("CALL graphsha.predict.stream('accounts', {modelName: 'flags', "
                + "includePredictedProbabilities: true}) YIELD nodeId, predictedProbabilities "
                + "WITH gds.util.asNode(nodeId) AS a, predictedProbabilities WHERE a.kind IS NOT NULL "
                + "RETURN a.kind = 'fraud' AS positive, predictedProbabilities[0] AS score");
            assertEquals(rocAuc(scored), (Double) stats.get("rocAuc"), 1e-12);
            assertEquals(averagePrecision(scored), (Double) stats.get("prAuc"), 1e-12);
        } finally {
            rows("MATCH (a:Account) REMOVE a.flag");
        }
    }

    private static long count(String condition) {
        return (Long) single("MATCH (a:Account) WHERE " + condition + " RETURN count(a)");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> perClass(Map<String, Object> metrics, Object classValue) {
        return ((List<Map<String, Object>>) metrics.get("perClass")).stream()
            .filter(row -> classValue.equals(row.get("class"))).findFirst().orElseThrow();
    }

    /** Every positive-negative pair, a tie counting one half. */
    private static double rocAuc(List<Map<String, Object>> scored) {
        double wins = 0;
        long pairs = 0;
        for (Map<String, Object> p : scored) {
            for (Map<String, Object> n : scored) {
                if ((Boolean) p.get("positive") && !(Boolean) n.get("positive")) {
                    double sp = (Double) p.get("score");
                    double sn = (Double) n.get("score");
                    wins += sp > sn ? 1 : sp == sn ? 0.5 : 0;
                    pairs++;
                }
            }
        }
        return wins / pairs;
    }

    /** Σ over each distinct score s, highest first, of (recall gained at s) × (precision of flagging every score ≥ s). */
    private static double averagePrecision(List<Map<String, Object>> scored) {
        long positives = scored.stream().filter(r -> (Boolean) r.get("positive")).count();
        double sum = 0;
        for (double s : scored.stream().mapToDouble(r -> (Double) r.get("score")).distinct().toArray()) {
            long flagged = scored.stream().filter(r -> (Double) r.get("score") >= s).count();
            long hits = scored.stream().filter(r -> (Double) r.get("score") >= s && (Boolean) r.get("positive")).count();
            long hitsAtS = scored.stream().filter(r -> (Double) r.get("score") == s && (Boolean) r.get("positive")).count();
            sum += (double) hitsAtS / positives * hits / flagged;
        }
        return sum;
    }

    @Test
    void catalogListsExistsAndDrops() {
        train("a", "vanilla");
        train("b", "reweight");
        assertEquals(List.of("a", "b"), single("CALL graphsha.model.list() YIELD modelName RETURN collect(modelName)"));
        assertEquals(true, single("CALL graphsha.model.exists('a') YIELD exists RETURN exists"));
        assertEquals("reweight", single("CALL graphsha.model.list('b') YIELD modelInfo RETURN modelInfo.method"));
        rows("CALL graphsha.model.drop('a')");
        assertEquals(false, single("CALL graphsha.model.exists('a') YIELD exists RETURN exists"));
        assertEquals(0L, single("CALL graphsha.model.drop('a', false) YIELD modelName RETURN count(*)"));
        assertFailsUnchanged("CALL graphsha.train('accounts', {modelName: 'b', targetProperty: 'kind', "
            + "featureProperties: ['vec', 'score'], epochs: 2})", "Model `b` already exists");
        rows("CALL graphsha.train('accounts', {modelName: 'b', targetProperty: 'kind', featureProperties: ['vec', 'score'], "
            + "epochs: 2, method: 'focal', overwrite: true})");
        assertEquals("focal", single("CALL graphsha.model.list('b') YIELD modelInfo RETURN modelInfo.method"));
    }

    @Test
    void sameSeedGivesTheSamePredictions() {
        train("s1", "graphsha");
        train("s2", "graphsha");
        String compare = "CALL graphsha.predict.stream('accounts', {modelName: $m, includePredictedProbabilities: true}) "
            + "YIELD nodeId, predictedProbabilities RETURN collect([nodeId, predictedProbabilities]) AS all";
        assertEquals(rows(compare, Map.of("m", "s1")), rows(compare, Map.of("m", "s2")));
    }

    @Test
    void predictionWriteIsAtomic() {
        train("w", "vanilla");
        rows("CREATE (:Account {ref: 1000, vec: [1.0, 1.0, 1.0], score: 1.0})");
        rows("CALL gds.graph.project('withGhost', 'Account', {PAYS: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['vec', 'score']})");
        rows("MATCH (a:Account {ref: 1000}) DELETE a");
        String message = Errors.rootMessage(org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
            () -> rows("CALL graphsha.predict.write('withGhost', {modelName: 'w', writeProperty: 'predicted'})")));
        assertTrue(message.contains("Node") || message.contains("node"), message);
        assertEquals(0L, single("MATCH (a:Account) WHERE a.predicted IS NOT NULL RETURN count(a)"));
        rows("CALL gds.graph.drop('withGhost')");

        rows("CALL graphsha.predict.write('accounts', {modelName: 'w', writeProperty: 'predicted', "
            + "confidenceProperty: 'confidence', predictedProbabilityProperty: 'probabilities'})");
        assertEquals(300L, single("MATCH (a:Account) WHERE a.predicted IN ['fraud', 'normal'] AND a.confidence >= 0.5 "
            + "AND size(a.probabilities) = 2 RETURN count(a)"));
        rows("MATCH (a:Account) REMOVE a.predicted, a.confidence, a.probabilities");
    }

    @Test
    void predictsNodesAddedAfterTraining() {
        train("inductive", "graphsha");
        rows("UNWIND range(0, 4) AS k CREATE (n:Account {ref: 500 + k, vec: [1.0, 0.5, 1.0], score: 2.0}) "
            + "WITH n, k MATCH (old:Account {ref: k * 7}) CREATE (old)-[:PAYS]->(n)");
        try {
            rows("CALL gds.graph.project('accountsLater', 'Account', {PAYS: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['vec', 'score']})");
            List<Map<String, Object>> added = rows("CALL graphsha.predict.stream('accountsLater', {modelName: 'inductive'}) "
                + "YIELD nodeId, predictedClass MATCH (n) WHERE id(n) = nodeId AND n.ref >= 500 RETURN n.ref AS ref, predictedClass");
            assertEquals(5, added.size());
            added.forEach(row -> assertTrue(List.of("fraud", "normal").contains(row.get("predictedClass")), row.toString()));
        } finally {
            rows("CALL gds.graph.drop('accountsLater', false)");
            rows("MATCH (n:Account) WHERE n.ref >= 500 DETACH DELETE n");
        }
    }

    @Test
    void syntheticNodesRoundTrip() {
        rows("CALL graphsha.train('accounts', {modelName: 'syn', targetProperty: 'kind', featureProperties: ['vec', 'score'], "
            + "epochs: 12})");
        rows("CALL graphsha.synthetic.write('accounts', {modelName: 'syn'})");
        long created = (Long) single("MATCH (s:GraphSHASynthetic {modelName: 'syn'}) RETURN count(s)");
        assertTrue(created > 0, "no synthetic nodes were written");
        assertEquals(created, single("MATCH (s:GraphSHASynthetic {modelName: 'syn'})-[:SYNTHESIZED_FROM {role: 'anchor'}]->"
            + "(a:Account {kind: 'fraud'}) WHERE s.class = 'fraud' AND s.delta >= 0 AND s.delta <= 1 "
            + "AND size(s.features) = 4 RETURN count(s)"));
        assertEquals(created, single("MATCH (s:GraphSHASynthetic)-[:SYNTHESIZED_FROM {role: 'auxiliary'}]->(:Account) "
            + "RETURN count(s)"));
        long accounts = (Long) single("MATCH (a:Account) RETURN count(a)");
        long relationships = (Long) single("MATCH ()-[r:PAYS]->() RETURN count(r)");

        Map<String, Object> again = rows("CALL graphsha.synthetic.write('accounts', {modelName: 'syn'})").get(0);
        assertEquals(again.get("nodesCreated"), single("MATCH (s:GraphSHASynthetic) RETURN count(s)"));
        assertEquals(again.get("nodesCreated"), single("CALL graphsha.synthetic.drop({modelName: 'syn'}) "
            + "YIELD nodesDeleted RETURN nodesDeleted"));
        assertEquals(0L, single("MATCH (s:GraphSHASynthetic) RETURN count(s)"));
        assertEquals(accounts, single("MATCH (a:Account) RETURN count(a)"));
        assertEquals(relationships, single("MATCH ()-[r:PAYS]->() RETURN count(r)"));
    }

    @Test
    void estimatesMemoryAndTime() {
        Map<String, Object> estimate = rows("CALL graphsha.train.estimate('accounts', {modelName: 'e', "
            + "targetProperty: 'kind', featureProperties: ['vec', 'score'], epochs: 200, ensembleSize: 2}) "
            + "YIELD nodeCount, bytesMin, bytesMax, heapBytes, nativeBytesMax, requiredMemory, expectedTime RETURN *").get(0);
        assertEquals(300L, estimate.get("nodeCount"));
        Map<?, ?> time = (Map<?, ?>) estimate.get("expectedTime");
        assertEquals(200L, time.get("epochs"));
        assertEquals(2L, time.get("trainings"), "one per ensemble member");
        assertTrue((Double) time.get("preprocessingSeconds") > 0, "GraphSHA's diffusion: " + time);
        // Up to rounding: the estimate multiplies the same figures in another order.
        assertTrue((Double) time.get("seconds") >= ((Double) time.get("preprocessingSeconds")
            + 2 * 200 * (Double) time.get("secondsPerEpoch")) * (1 - 1e-12), time.toString());
        assertTrue(((String) time.get("expected")).matches("[0-9]+ (s|min [0-9]+ s|h [0-9]{2} min)"), time.toString());
        assertTrue((Long) estimate.get("bytesMin") > 0 && (Long) estimate.get("bytesMin") <= (Long) estimate.get("bytesMax"));
        assertTrue((Long) estimate.get("heapBytes") > 0 && (Long) estimate.get("nativeBytesMax") > 0);
        long smote = (Long) single("CALL graphsha.train.estimate('accounts', {modelName: 'e', method: 'graphSmote', "
            + "targetProperty: 'kind', featureProperties: ['vec', 'score']}) YIELD bytesMax RETURN bytesMax");
        long vanilla = (Long) single("CALL graphsha.train.estimate('accounts', {modelName: 'e', method: 'vanilla', "
            + "targetProperty: 'kind', featureProperties: ['vec', 'score']}) YIELD bytesMax RETURN bytesMax");
        // 20 fraud and 180 normal training nodes after the holdout: 80 synthetic fraud nodes fill up to the mean of
        // 100, each scored against up to 300 + 80 nodes, as a tensor and as a Java array
        assertTrue(smote - vanilla >= 2L * 80 * 380 * 4, smote + " vs " + vanilla);
    }

    @Test
    void concurrentTrainingCallsBothSucceed() throws Exception {
        List<CompletableFuture<Map<String, Object>>> calls = new ArrayList<>();
        for (String name : List.of("c1", "c2")) {
            calls.add(CompletableFuture.supplyAsync(() -> train(name, "graphsha")));
        }
        for (var call : calls) {
            assertEquals(List.of("fraud", "normal"),
                ((Map<?, ?>) call.get(5, TimeUnit.MINUTES).get("modelInfo")).get("classes"));
        }
        assertEquals(List.of("c1", "c2"), single("CALL graphsha.model.list() YIELD modelName RETURN collect(modelName)"));
    }

    @Test
    void showsProgressWithTheRemainingTimeAndStopsOnTerminate() throws Exception {
        // The running stage's name ends with its remaining time once an epoch has finished.
        Jobs.terminateOnceShown("CALL graphsha.train('accounts', {modelName: 'long', targetProperty: 'kind', "
                + "featureProperties: ['vec', 'score'], epochs: 100000, jobId: 'long-job'})",
            "CALL gds.listProgress() YIELD jobId WHERE jobId = 'long-job' "
                + "CALL gds.listProgress(jobId) YIELD taskName, status WHERE status = 'RUNNING' "
                + "AND taskName =~ '.*training \\(about [0-9]+ (s|min [0-9]+ s|h [0-9]{2} min) left\\)' RETURN taskName", Map.of(),
            "modelName: 'long'", () -> { });
        assertFalse((Boolean) single("CALL graphsha.model.exists('long') YIELD exists RETURN exists"));
        assertEquals(0L, single("MATCH (s:GraphSHASynthetic) RETURN count(s)"));
    }
}
