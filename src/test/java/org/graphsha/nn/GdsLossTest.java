package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.nn.Engines.DeviceChoice;
import org.junit.jupiter.api.Test;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * GDS's classWeights and focusWeight on hand-computed rows: row 0 has logits (0, 0) and class 0, so p = 1/2; row 1
 * has logits (0, ln 3) and class 1, so p = 3/4.
 */
class GdsLossTest {

    private static final int[] LABELS = {0, 1};
    private static final double LOG_2 = Math.log(2);
    private static final double LOG_4_3 = Math.log(4.0 / 3.0);

    @Test
    void classWeightsMultiplyEachRowsCrossEntropyAndTheSumIsDividedByTheRows() {
        // Class 0 weighs 2, class 1 weighs 1: (2 ln 2 + ln 4/3) / 2, not PyTorch's division by the weights' sum.
        assertEquals((2 * LOG_2 + LOG_4_3) / 2, loss(new float[] {2f, 1f}, 0f), 1e-6);
    }

    @Test
    void focusWeightScalesEachRowByOneMinusItsProbabilityToTheGamma() {
        // γ = 2: (1 − 1/2)² = 1/4 and (1 − 3/4)² = 1/16.
        assertEquals((0.25 * LOG_2 + 0.0625 * LOG_4_3) / 2, loss(null, 2f), 1e-6);
        // With the class weights as well.
        assertEquals((2 * 0.25 * LOG_2 + 0.0625 * LOG_4_3) / 2, loss(new float[] {2f, 1f}, 2f), 1e-6);
    }

    @Test
    void withNeitherKeyItIsPlainCrossEntropy() {
        assertEquals((LOG_2 + LOG_4_3) / 2, loss(null, 0f), 1e-6);
    }

    private static double loss(float[] rowWeights, float gamma) {
        EngineRuntime runtime = Engines.runtime(DeviceChoice.CPU, 1);
        return runtime.exclusive(() -> {
            try (NDManager m = runtime.newManager()) {
                NDArray logits = Transfer.floats(m, new float[] {0f, 0f, 0f, (float) Math.log(3)}, new Shape(2, 2));
                return (double) Losses.gdsFocal(logits, LABELS, rowWeights, gamma).getFloat();
            }
        });
    }
}
