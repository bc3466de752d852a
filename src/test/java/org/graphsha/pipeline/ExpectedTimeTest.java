package org.graphsha.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.graphsha.config.TrainConfig;
import org.graphsha.method.TrainingTime;
import org.junit.jupiter.api.Test;

/** graphsha.train.estimate's expected time: real probe trainings on the engine, counted as the call trains. */
class ExpectedTimeTest {

    /** Cora's size and long-tailed training classes, with a narrow feature width to keep the probes short. */
    private static TrainingTime.Expected expected(Map<String, Object> keys) {
        Map<String, Object> all = new HashMap<>(keys);
        all.put("modelName", "timed");
        all.put("hiddenSize", 16);
        TrainConfig config = TrainConfig.of("cora", all);
        TrainSizing.Estimate estimate = TrainSizing.of(config, 2_708, 5_278, 32, new int[] {20, 20, 20, 8, 3, 1, 1},
            new int[] {30, 30, 30, 30, 30, 30, 30});
        return TrainSizing.expectedTime(config, estimate);
    }

    @Test
    void graphShaPaysItsDiffusionOnceAndEveryEpoch() {
        TrainingTime.Expected time = expected(Map.of("backbone", "gcn", "epochs", 900));
        assertEquals(900, time.epochs());
        assertEquals(1, time.trainings());
        assertTrue(time.preprocessingSeconds() > 0, "GraphSHA reads S̃: " + time);
        assertTrue(time.secondsPerEpoch() > 0, time.toString());
        assertTrue(atLeast(time.seconds(), time.preprocessingSeconds() + 900 * time.secondsPerEpoch()), time.toString());
    }

    @Test
    void aBaselineWithoutDiffusionAndAnEnsembleCountEachTraining() {
        TrainingTime.Expected time = expected(Map.of("method", "vanilla", "epochs", 50, "ensembleSize", 3));
        assertEquals(0, time.preprocessingSeconds());
        assertEquals(3, time.trainings());
        assertTrue(atLeast(time.seconds(), 3 * 50 * time.secondsPerEpoch()), time.toString());
    }

    /** {@code a >= b} up to rounding: the estimate multiplies the same figures in another order. */
    private static boolean atLeast(double a, double b) {
        return a >= b * (1 - 1e-12);
    }
}
