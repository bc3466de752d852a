package org.graphsha.training.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.graphsha.nn.Tensor;
import org.junit.jupiter.api.Test;

class AdamAndSchedulerTest {

    @Test
    void adamFollowsPyTorchWithCoupledDecayOnFirstLayerOnly() {
        Tensor first = new Tensor("w1", new long[] {1}, new float[] {1f}, true);
        Tensor second = new Tensor("w2", new long[] {1}, new float[] {1f}, false);
        Adam adam = new Adam(List.of(first, second), 0.5);
        adam.step(new float[][] {{0.2f}, {0.2f}}, 0.01);
        // Step 1: m̂ = g, v̂ = g², so the update is lr·g/(|g| + eps) = 0.01 regardless of g's size.
        assertEquals(1 - 0.01, first.data()[0], 1e-6);
        assertEquals(1 - 0.01, second.data()[0], 1e-6);
        adam.step(new float[][] {{0f}, {0f}}, 0.01);
        // Step 2 by hand: first gets g = 0 + 0.5·0.99 (coupled decay), second g = 0.
        double g1 = 0.7, g2 = 0.5 * 0.99;
        double m = 0.9 * 0.1 * g1 + 0.1 * g2;
        double v = 0.999 * 0.001 * g1 * g1 + 0.001 * g2 * g2;
        double expected = 0.99 - 0.01 * (m / (1 - 0.81)) / (Math.sqrt(v / (1 - 0.998001)) + 1e-8);
        // g1 above is the step-1 gradient including decay: 0.2 + 0.5·1.0.
        assertEquals(expected, first.data()[0], 1e-6);
        double m2 = 0.9 * 0.1 * 0.2;
        double v2 = 0.999 * 0.001 * 0.04;
        double expected2 = 0.99 - 0.01 * (m2 / (1 - 0.81)) / (Math.sqrt(v2 / (1 - 0.998001)) + 1e-8);
        assertEquals(expected2, second.data()[0], 1e-6);
    }

    @Test
    void plateauHalvesAfterPatiencePlusOneBadEpochs() {
        PlateauScheduler s = new PlateauScheduler(0.01);
        s.step(1.0);
        for (int i = 0; i < 100; i++) {
            assertEquals(0.01, s.step(1.0), 0);
        }
        assertEquals(0.005, s.step(1.0), 1e-15);
        // A relative improvement below 1e-4 is not an improvement.
        for (int i = 0; i < 100; i++) {
            s.step(0.99995);
        }
        assertEquals(0.0025, s.step(0.99995), 1e-15);
        s.step(0.5);
        assertEquals(0.0025, s.step(0.5), 1e-15);
    }
}
