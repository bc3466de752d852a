package org.graphsha.procedures;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TrainProcTest {

    @BeforeAll
    static void coraLongTailed() {
        TestNeo4j.resetWithCoraLongTailed();
    }

    @Test
    @SuppressWarnings("unchecked")
    void trainsGraphShaAndPredicts() {
        Map<String, Object> result = rows("CALL graphsha.train('cora', {modelName: 'sha', splitProperty: 'split', "
            + "epochs: 60}) YIELD modelName, modelInfo, validationMetrics, testMetrics, syntheticNodesPerEpoch, device, "
            + "lastSynthesis RETURN *").get(0);
        Map<String, Object> info = (Map<String, Object>) result.get("modelInfo");
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L), info.get("classes"));
        assertEquals("sage", info.get("backbone"));
        assertEquals("graphsha", info.get("method"));
        assertEquals("rowSum", info.get("featureNormalization"), "what 'auto' resolved to on Cora's bag-of-words");
        double testAccuracy = (Double) ((Map<String, Object>) result.get("testMetrics")).get("accuracy");
        assertTrue(testAccuracy > 0.5, "test accuracy " + testAccuracy);
        assertTrue((Double) result.get("syntheticNodesPerEpoch") > 300, result.toString());
        Map<String, Object> last = (Map<String, Object>) result.get("lastSynthesis");
        assertEquals("harder", last.get("phase"));
        // The default target 'max' fills every class up to the largest (341 training nodes of class 3).
        assertEquals(List.of(307L, 334L, 183L, 0L, 268L, 326L, 338L), ((List<Map<String, Object>>) last.get("perClass")).stream()
            .map(m -> m.get("syntheticNodes")).toList());
        double delta = (Double) last.get("meanDelta");
        assertTrue(delta > 0.45 && delta < 0.55, "SAGE's Beta(2, 2) has mean 0.5, but the mean delta is " + delta);

        Map<String, Object> written = rows("CALL graphsha.predict.write('cora', {modelName: 'sha', writeProperty: 'predicted', "
            + "confidenceProperty: 'confidence'}) YIELD nodePropertiesWritten RETURN *").get(0);
        assertEquals(2 * 2708L, written.get("nodePropertiesWritten"));
        double agreement = ((Number) single("MATCH (p:Paper {split: 'test'}) "
            + "RETURN avg(CASE WHEN p.predicted = p.class THEN 1.0 ELSE 0.0 END)")).doubleValue();
        assertTrue(agreement > 0.5, "written predictions agree with " + agreement + " of the test classes");
        assertEquals(2708L, single("CALL graphsha.predict.stream('cora', {modelName: 'sha'}) YIELD nodeId RETURN count(*)"));
        assertEquals("rowSum", single("CALL graphsha.model.list('sha') YIELD configuration "
            + "RETURN configuration.featureNormalization"), "Cora's bag-of-words keeps the reference's row sums");
    }

    @Test
    void onBagOfWordsTheDefaultNormalizationTrainsTheRowSumModel() {
        String train = "CALL graphsha.train('cora', {modelName: $name, splitProperty: 'split', method: 'vanilla', "
            + "epochs: 20, overwrite: true%s}) YIELD modelName RETURN modelName";
        rows(String.format(train, ""), Map.of("name", "auto-words"));
        rows(String.format(train, ", featureNormalization: 'rowSum'"), Map.of("name", "row-sums"));
        String probabilities = "CALL graphsha.predict.stream('cora', {modelName: $name, "
            + "includePredictedProbabilities: true}) YIELD nodeId, predictedProbabilities "
            + "RETURN nodeId, predictedProbabilities ORDER BY nodeId";
        assertEquals(rows(probabilities, Map.of("name", "row-sums")), rows(probabilities, Map.of("name", "auto-words")));
    }

    /**
     * Measurements in unrelated units (an amount in thousands, a signed score): row sums would leave every row
     * about [1, 0], so the default gives standard scores, and the model separates the classes by the amount.
     */
    @Test
    void numericFeaturesGetStandardScoresByDefault() {
        rows("UNWIND range(0, 119) AS i CREATE (:Account {id: i, kind: CASE WHEN i % 8 = 0 THEN 'fraud' ELSE 'normal' "
            + "END, features: [CASE WHEN i % 8 = 0 THEN 6000.0 ELSE 2000.0 END + (i % 7) * 150.0, (i % 5) - 2.0]})");
        rows("MATCH (a:Account), (b:Account) WHERE b.id = (a.id + 1) % 120 OR b.id = (a.id + 8) % 120 "
            + "CREATE (a)-[:SENDS]->(b)");
        try {
            rows("CALL gds.graph.project('accounts', 'Account', {SENDS: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['features']})");
            assertEquals("standardize", single("CALL graphsha.train('accounts', {modelName: 'accounts', "
                + "targetProperty: 'kind', method: 'reweight', epochs: 100}) YIELD modelInfo "
                + "RETURN modelInfo.featureNormalization"));
            assertEquals("standardize", single("CALL graphsha.model.list('accounts') YIELD configuration "
                + "RETURN configuration.featureNormalization"));
            double agreement = ((Number) single("CALL graphsha.predict.stream('accounts', {modelName: 'accounts'}) "
                + "YIELD nodeId, predictedClass WITH gds.util.asNode(nodeId) AS a, predictedClass "
                + "RETURN avg(CASE WHEN a.kind = predictedClass THEN 1.0 ELSE 0.0 END)")).doubleValue();
            assertTrue(agreement > 0.95, "predictions agree with " + agreement + " of the classes");
        } finally {
            rows("CALL gds.graph.drop('accounts', false)");
            rows("MATCH (a:Account) DETACH DELETE a");
            rows("CALL graphsha.model.drop('accounts', false)");
        }
    }

    @Test
    void concurrentTrainCallsEachUseTheirOwnConcurrencyForTraining() throws Exception {
        String call = "CALL graphsha.train('cora', {modelName: $name, splitProperty: 'split', method: 'vanilla', "
            + "epochs: 30, concurrency: $concurrency, overwrite: true}) YIELD trainingThreads RETURN trainingThreads";
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Object> one = pool.submit(() -> rows(call, Map.of("name", "threads-1", "concurrency", 1L)).get(0)
                .get("trainingThreads"));
            Future<Object> two = pool.submit(() -> rows(call, Map.of("name", "threads-2", "concurrency", 2L)).get(0)
                .get("trainingThreads"));
            assertEquals(1L, one.get());
            assertEquals((long) Math.min(2, Runtime.getRuntime().availableProcessors()), two.get());
        } finally {
            pool.shutdownNow();
        }
    }
}
