package org.graphsha.procedures;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.testing.AccountRing;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code calibration} and {@code decisionRule} from training to every predict path: what the model reports in its
 * yield and {@code modelInfo} is what {@code predict.stream} and {@code predict.nodes} apply.
 */
class DecisionRuleProcTest {

    /** 120 accounts, 18 of them fraud, on a ring with chords; a noisy feature so that the classes overlap. */
    @BeforeAll
    static void graph() {
        AccountRing.project("accounts");
    }

    private static final String BASE = "targetProperty: 'kind', splitProperty: 'part', featureProperties: ['vec'], "
        + "epochs: 30, method: 'reweight', randomSeed: 5";

    @Test
    @SuppressWarnings("unchecked")
    void aTargetPrecisionThresholdIsReportedAndAppliedByEveryPredictPath() {
        Map<String, Object> yield = train("precise", BASE + ", decisionRule: 'targetPrecision', decisionTarget: 0.8");
        Map<String, Object> info = (Map<String, Object>) yield.get("modelInfo");
        Map<String, Object> decision = (Map<String, Object>) info.get("decision");
        assertEquals(decision, rows("CALL graphsha.model.list('precise') YIELD metrics RETURN metrics.decision AS d")
            .get(0).get("d"), "the model's metrics hold what modelInfo shows");
        assertEquals("targetPrecision", decision.get("rule"));
        assertEquals("fraud", decision.get("positiveClass"), "the class with fewer training labels is flagged");
        assertEquals(0.8, (Double) decision.get("target"));
        double threshold = (Double) decision.get("threshold");
        assertTrue(threshold > 0 && threshold < 1, "threshold " + threshold);
        assertEquals(List.of("fraud", "normal"), info.get("classes"));

        List<Map<String, Object>> stream = stream("precise");
        int flagged = 0;
        for (Map<String, Object> row : stream) {
            List<Double> p = (List<Double>) row.get("predictedProbabilities");
            String expected = p.get(0) >= threshold ? "fraud" : "normal";
            assertEquals(expected, row.get("predictedClass"), "node " + row.get("nodeId") + " " + p);
            assertEquals(p.get(expected.equals("fraud") ? 0 : 1), (Double) row.get("confidence"), 0.0,
                "confidence is the predicted class's probability");
            flagged += expected.equals("fraud") ? 1 : 0;
        }
        assertTrue(flagged > 0 && flagged < stream.size(), flagged + " flagged");
        assertLiveAgrees("precise", stream);
    }

    @Test
    @SuppressWarnings("unchecked")
    void macroF1OffsetsAreReportedAndApplied() {
        Map<String, Object> yield = train("offsets", BASE + ", decisionRule: 'macroF1'");
        Map<String, Object> decision = (Map<String, Object>) info(yield).get("decision");
        assertEquals("macroF1", decision.get("rule"));
        Map<String, Object> offsets = (Map<String, Object>) decision.get("classOffsets");
        assertEquals(java.util.Set.of("fraud", "normal"), offsets.keySet());
        double[] o = {(Double) offsets.get("fraud"), (Double) offsets.get("normal")};
        List<Map<String, Object>> stream = stream("offsets");
        for (Map<String, Object> row : stream) {
            List<Double> p = (List<Double>) row.get("predictedProbabilities");
            double fraud = Math.log(p.get(0)) + o[0];
            double normal = Math.log(p.get(1)) + o[1];
            assertEquals(normal > fraud ? "normal" : "fraud", row.get("predictedClass"));
        }
        assertLiveAgrees("offsets", stream);
    }

    /**
     * The same training with and without calibration: the balanced rule predicts the same classes, and the calibrated
     * probabilities are the uncalibrated ones with the reported temperature, q ∝ p^(1/T).
     */
    @Test
    @SuppressWarnings("unchecked")
    void calibrationKeepsTheBalancedClassesAndScalesTheProbabilitiesByItsTemperature() {
        Map<String, Object> calibrated = train("calibrated", BASE);
        train("raw", BASE + ", calibration: 'none'");
        Map<String, Object> calibration = (Map<String, Object>) info(calibrated).get("calibration");
        double t = (Double) calibration.get("temperature");
        assertNotEquals(1.0, t, "the test needs a temperature other than 1");
        assertEquals(15L, calibration.get("bins"));
        for (String key : List.of("validationEceBefore", "validationEceAfter", "testEceBefore", "testEceAfter")) {
            double ece = (Double) calibration.get(key);
            assertTrue(ece >= 0 && ece <= 1, key + " " + ece);
        }
        Map<Long, Map<String, Object>> raw = new HashMap<>();
        stream("raw").forEach(r -> raw.put((Long) r.get("nodeId"), r));
        for (Map<String, Object> row : stream("calibrated")) {
            Map<String, Object> plain = raw.get((Long) row.get("nodeId"));
            assertEquals(plain.get("predictedClass"), row.get("predictedClass"));
            List<Double> p = (List<Double>) plain.get("predictedProbabilities");
            List<Double> q = (List<Double>) row.get("predictedProbabilities");
            double a = Math.pow(p.get(0), 1 / t);
            double b = Math.pow(p.get(1), 1 / t);
            assertEquals(a / (a + b), q.get(0), 1e-9);
        }
    }

    private static Map<String, Object> train(String name, String keys) {
        return rows("CALL graphsha.train('accounts', {modelName: '" + name + "', " + keys + "}) "
            + "YIELD modelInfo RETURN modelInfo").get(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> info(Map<String, Object> yield) {
        return (Map<String, Object>) yield.get("modelInfo");
    }

    private static List<Map<String, Object>> stream(String model) {
        return rows("CALL graphsha.predict.stream('accounts', {modelName: '" + model + "', "
            + "includePredictedProbabilities: true}) YIELD nodeId, predictedClass, predictedProbabilities, confidence "
            + "RETURN nodeId, predictedClass, predictedProbabilities, confidence ORDER BY nodeId");
    }

    /** predict.nodes on every node gives the stream's classes and probabilities (to the live path's 1e-5). */
    @SuppressWarnings("unchecked")
    private static void assertLiveAgrees(String model, List<Map<String, Object>> stream) {
        List<Map<String, Object>> live = rows("MATCH (a:Account) WITH collect(a) AS all CALL graphsha.predict.nodes('"
            + model + "', all) YIELD nodeId, predictedClass, predictedProbabilities, confidence "
            + "RETURN nodeId, predictedClass, predictedProbabilities, confidence ORDER BY nodeId");
        assertEquals(stream.size(), live.size());
        for (int i = 0; i < live.size(); i++) {
            List<Double> p = (List<Double>) stream.get(i).get("predictedProbabilities");
            List<Double> q = (List<Double>) live.get(i).get("predictedProbabilities");
            assertEquals(p.get(0), q.get(0), 1e-5);
            assertEquals(stream.get(i).get("predictedClass"), live.get(i).get("predictedClass"));
            assertEquals((Double) stream.get(i).get("confidence"), (Double) live.get(i).get("confidence"), 1e-5);
        }
    }
}
