package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graphsha.testing.AccountRing;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GDS's patience, tolerance, classWeights and focusWeight through graphsha.train: the stopped epoch in modelInfo,
 * weights that change the model, and refusals before any training.
 */
class GdsTrainingKeysProcTest {

    /** 120 accounts, 18 of them fraud, on a ring with chords. */
    @BeforeAll
    static void graph() {
        AccountRing.project("gdsKeys");
    }

    private static final String BASE = "targetProperty: 'kind', splitProperty: 'part', featureProperties: ['vec'], "
        + "randomSeed: 5";

    @Test
    void patienceStopsTrainingAndModelInfoSaysWhere() {
        Map<String, Object> info = train("patient", BASE + ", epochs: 500, patience: 5");
        long stopped = (Long) info.get("stoppedEpoch");
        assertTrue(stopped >= 5 && stopped < 499, "stopped at " + stopped);
        assertEquals(stopped + 1, info.get("epochsTrained"));
        Map<String, Object> fixed = train("fixed", BASE + ", epochs: 20");
        assertFalse(fixed.containsKey("stoppedEpoch"), "without patience every epoch trains: " + fixed.keySet());
    }

    @Test
    void classWeightsAndFocusWeightTrainAnotherModel() {
        Map<String, Object> plain = train("plainLoss", BASE + ", method: 'vanilla', epochs: 30");
        Map<String, Object> weighted = train("weightedLoss", BASE + ", method: 'vanilla', epochs: 30, "
            + "classWeights: [6.0, 1.0], focusWeight: 2.0");
        assertEquals(List.of("fraud", "normal"), weighted.get("classes"));
        assertNotEquals(probabilities("plainLoss"), probabilities("weightedLoss"));
    }

    @Test
    void badValuesAreRefusedBeforeTraining() {
        assertFailsUnchanged(call("bad1", BASE + ", patience: -1"), "`patience`", "-1");
        assertFailsUnchanged(call("bad2", BASE + ", tolerance: -0.1"), "`tolerance`", "-0.1");
        assertFailsUnchanged(call("bad3", BASE + ", focusWeight: -1.0"), "`focusWeight`", "-1.0");
        assertFailsUnchanged(call("bad4", BASE + ", classWeights: [1.0, -1.0]"), "`classWeights`", "[1.0, -1.0]");
        assertFailsUnchanged(call("bad5", BASE + ", classWeights: [1.0, 2.0, 3.0]"),
            "classWeights: [1.0, 2.0, 3.0] has 3 numbers, but the target has 2 classes [fraud, normal]");
        assertFailsUnchanged(call("bad6", BASE + ", method: 'reweight', classWeights: [1.0, 2.0]"),
            "classWeights: [1.0, 2.0] needs method", "but method is 'reweight'");
    }

    private static List<Object> probabilities(String model) {
        return rows("CALL graphsha.predict.stream('gdsKeys', {modelName: '" + model + "', "
            + "includePredictedProbabilities: true}) YIELD nodeId, predictedProbabilities "
            + "RETURN predictedProbabilities ORDER BY nodeId").stream().map(r -> r.get("predictedProbabilities")).toList();
    }

    private static String call(String name, String keys) {
        return "CALL graphsha.train('gdsKeys', {modelName: '" + name + "', " + keys + "}) YIELD modelInfo RETURN modelInfo";
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> train(String name, String keys) {
        return (Map<String, Object>) rows(call(name, keys)).get(0).get("modelInfo");
    }
}
