package org.graphsha.procedures;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ensembleSize}: graphsha.train keeps one model per seed and every predict path uses their mean class
 * probabilities. Checked against single models trained with the members' seeds, so the ensemble cannot pass by
 * being one of them.
 */
class EnsembleProcTest {

    /** 90 accounts in three classes of 54 / 24 / 12 on a ring with chords, two numeric features, 9 validation nodes. */
    @BeforeAll
    static void graph() {
        TestNeo4j.reset();
        rows("CALL graphsha.model.list() YIELD modelName CALL graphsha.model.drop(modelName) YIELD modelInfo RETURN count(*)");
        rows("UNWIND range(0, 89) AS i WITH i, CASE WHEN i % 15 < 9 THEN 'normal' WHEN i % 15 < 13 THEN 'suspicious' "
            + "ELSE 'fraud' END AS kind CREATE (:Account {ref: i, kind: kind, part: CASE WHEN i % 30 IN [2, 10, 13] THEN 'val' "
            + "WHEN i % 30 IN [3, 11, 14] THEN 'test' ELSE 'train' END, vec: [CASE kind WHEN 'normal' THEN 1.0 "
            + "ELSE 0.2 END + (i % 4) * 0.1, CASE kind WHEN 'fraud' THEN 1.0 ELSE 0.1 END + (i % 3) * 0.1]})");
        rows("MATCH (a:Account), (b:Account) WHERE b.ref = (a.ref + 1) % 90 OR b.ref = (a.ref + 15) % 90 "
            + "CREATE (a)-[:PAYS]->(b)");
        rows("CALL gds.graph.project('accounts', 'Account', {PAYS: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['vec']})");
    }

    private static String base(String method) {
        // Uncalibrated: the members' and the mean's probabilities are compared as the models give them.
        return "targetProperty: 'kind', splitProperty: 'part', featureProperties: ['vec'], epochs: 40, method: '"
            + method + "', calibration: 'none'";
    }

    /** graphsha synthesises per member; pcSoftmax adds its −log n_c to every member before the softmax. */
    @ParameterizedTest
    @ValueSource(strings = {"graphsha", "pcSoftmax"})
    @SuppressWarnings("unchecked")
    void predictsWithTheMeanOfItsMembersProbabilities(String method) {
        String m = method + "-";
        Map<String, Object> first = train(m + "seed11", base(method) + ", randomSeed: 11");
        Map<String, Object> second = train(m + "seed12", base(method) + ", randomSeed: 12");
        Map<String, Object> ensemble = train(m + "pair", base(method) + ", randomSeed: 11, ensembleSize: 2");

        Map<String, Object> info = (Map<String, Object>) ensemble.get("modelInfo");
        assertEquals(2L, ((Map<String, Object>) ensemble.get("configuration")).get("ensembleSize"));
        assertEquals(((Map<String, Object>) first.get("modelInfo")).get("bestEpoch"), info.get("bestEpoch"),
            "the model's epoch is its first member's");
        List<Map<String, Object>> members = (List<Map<String, Object>>) ((Map<String, Object>) ensemble.get("metrics"))
            .get("ensembleMembers");
        assertEquals(List.of(11L, 12L), members.stream().map(r -> r.get("randomSeed")).toList());
        for (int k = 0; k < 2; k++) {
            Map<String, Object> single = List.of(first, second).get(k);
            assertEquals(((Map<String, Object>) single.get("modelInfo")).get("bestEpoch"), members.get(k).get("bestEpoch"));
            assertEquals(((Map<String, Object>) single.get("validationMetrics")).get("balancedAccuracy"),
                ((Map<String, Object>) members.get(k).get("validation")).get("balancedAccuracy"));
        }

        List<List<Double>> p1 = probabilities(m + "seed11");
        List<List<Double>> p2 = probabilities(m + "seed12");
        List<List<Double>> mean = probabilities(m + "pair");
        assertNotEquals(p1, p2, "two seeds give two models, or the mean would prove nothing");
        for (int i = 0; i < mean.size(); i++) {
            for (int c = 0; c < 3; c++) {
                assertEquals(p1.get(i).get(c) / 2 + p2.get(i).get(c) / 2, mean.get(i).get(c), 1e-12, "node " + i);
            }
        }
        // The validation metrics are the mean's.
        List<Long> validation = rows("MATCH (a:Account) WHERE a.part = 'val' RETURN a.ref AS ref ORDER BY ref").stream()
            .map(r -> (Long) r.get("ref")).toList();
        List<Object> classes = (List<Object>) info.get("classes");
        double[] hits = new double[3];
        double[] counts = new double[3];
        for (long ref : validation) {
            int truth = classes.indexOf(ref % 15 < 9 ? "normal" : ref % 15 < 13 ? "suspicious" : "fraud");
            counts[truth]++;
            hits[truth] += argmax(mean.get(nodeIndex(ref))) == truth ? 1 : 0;
        }
        double balanced = (hits[0] / counts[0] + hits[1] / counts[1] + hits[2] / counts[2]) / 3;
        assertEquals(balanced, (Double) ((Map<String, Object>) ensemble.get("validationMetrics")).get("balancedAccuracy"),
            1e-9);

        // The store path agrees with the projection path member for member.
        List<Long> ids = rows("CALL graphsha.predict.stream('accounts', {modelName: $m}) YIELD nodeId "
            + "MATCH (a:Account) WHERE id(a) = nodeId RETURN nodeId ORDER BY a.ref", Map.of("m", m + "pair")).stream()
            .map(r -> (Long) r.get("nodeId")).toList();
        List<Map<String, Object>> live = rows("MATCH (a:Account) WITH collect(a) AS nodes "
            + "CALL graphsha.predict.nodes($m, nodes) YIELD nodeId, predictedProbabilities "
            + "MATCH (b:Account) WHERE id(b) = nodeId RETURN nodeId, predictedProbabilities ORDER BY b.ref",
            Map.of("m", m + "pair"));
        assertEquals(ids.size(), live.size());
        // A warm call reads every member's cached rows and must give the same.
        assertEquals(live, rows("MATCH (a:Account) WITH collect(a) AS nodes "
            + "CALL graphsha.predict.nodes($m, nodes) YIELD nodeId, predictedProbabilities "
            + "MATCH (b:Account) WHERE id(b) = nodeId RETURN nodeId, predictedProbabilities ORDER BY b.ref",
            Map.of("m", m + "pair")));
        for (int i = 0; i < live.size(); i++) {
            assertEquals(ids.get(i), live.get(i).get("nodeId"));
            List<Double> scored = (List<Double>) live.get(i).get("predictedProbabilities");
            for (int c = 0; c < 3; c++) {
                assertEquals(mean.get(i).get(c), scored.get(c), 1e-5, "node " + i);
            }
        }
    }

    /**
     * Without a split property each member draws the holdout of a call with its seed, so the ensemble is the mean
     * of exactly those calls' models.
     */
    @Test
    @SuppressWarnings("unchecked")
    void withTheAutomaticHoldoutEachMemberIsTheCallWithItsSeed() {
        String keys = "targetProperty: 'kind', featureProperties: ['vec'], epochs: 40, calibration: 'none'";
        Map<String, Object> first = train("holdout-seed21", keys + ", randomSeed: 21");
        Map<String, Object> second = train("holdout-seed22", keys + ", randomSeed: 22");
        Map<String, Object> ensemble = train("holdout-pair", keys + ", randomSeed: 21, ensembleSize: 2");
        List<Map<String, Object>> members = (List<Map<String, Object>>) ((Map<String, Object>) ensemble.get("metrics"))
            .get("ensembleMembers");
        for (int k = 0; k < 2; k++) {
            Map<String, Object> single = List.of(first, second).get(k);
            assertEquals(((Map<String, Object>) single.get("modelInfo")).get("bestEpoch"), members.get(k).get("bestEpoch"));
            assertEquals(((Map<String, Object>) single.get("validationMetrics")).get("balancedAccuracy"),
                ((Map<String, Object>) members.get(k).get("validation")).get("balancedAccuracy"));
        }
        List<List<Double>> p1 = probabilities("holdout-seed21");
        List<List<Double>> p2 = probabilities("holdout-seed22");
        List<List<Double>> mean = probabilities("holdout-pair");
        for (int i = 0; i < mean.size(); i++) {
            for (int c = 0; c < 3; c++) {
                assertEquals(p1.get(i).get(c) / 2 + p2.get(i).get(c) / 2, mean.get(i).get(c), 1e-12, "node " + i);
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void anEnsembleOfOneIsTheSingleModel() {
        Map<String, Object> without = train("single", base("graphsha") + ", randomSeed: 5");
        Map<String, Object> one = train("one", base("graphsha") + ", randomSeed: 5, ensembleSize: 1");
        assertEquals(without.get("validationMetrics"), one.get("validationMetrics"));
        assertFalse(((Map<String, Object>) one.get("metrics")).containsKey("ensembleMembers"));
        assertEquals(probabilities("single"), probabilities("one"));
    }

    private static Map<String, Object> train(String name, String keys) {
        Map<String, Object> trained = new java.util.HashMap<>(rows("CALL graphsha.train('accounts', {modelName: '" + name
            + "', " + keys + "}) YIELD modelInfo, validationMetrics RETURN *").get(0));
        // What graphsha.model.list shows of the stored model.
        trained.putAll(rows("CALL graphsha.model.list($m) YIELD configuration, metrics RETURN *", Map.of("m", name)).get(0));
        return trained;
    }

    @SuppressWarnings("unchecked")
    private static List<List<Double>> probabilities(String model) {
        return rows("CALL graphsha.predict.stream('accounts', {modelName: $m, includePredictedProbabilities: true}) "
            + "YIELD nodeId, predictedProbabilities MATCH (a:Account) WHERE id(a) = nodeId "
            + "RETURN predictedProbabilities ORDER BY a.ref", Map.of("m", model))
            .stream().map(r -> (List<Double>) r.get("predictedProbabilities")).toList();
    }

    /**
     * Rows come ordered by ref, 0 to 89: node ids need not follow creation order once earlier tests of the
     * shared database have freed ids.
     */
    private static int nodeIndex(long ref) {
        return (int) ref;
    }

    private static int argmax(List<Double> row) {
        int best = 0;
        for (int c = 1; c < row.size(); c++) {
            if (row.get(c) > row.get(best)) {
                best = c;
            }
        }
        return best;
    }
}
