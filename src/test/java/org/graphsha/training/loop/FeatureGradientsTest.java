package org.graphsha.training.loop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.graphsha.graph.FeatureCorrection;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.Engines;
import org.graphsha.nn.FeatureInput;
import org.graphsha.nn.Transfer;
import org.junit.jupiter.api.Test;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;

/**
 * The saliency hook on a loss whose gradient is known: L = Σ (X·W)² over the original rows plus
 * Σ (S·W)² over one synthetic row S = 0.25·x_0 + 0.75·x_1 + correction. The gradient with respect
 * to the original rows as node inputs is 2·(X·W)·Wᵀ; the synthetic path must not leak into it.
 * The synthetic row's output checks that the correction enters the mix.
 */
class FeatureGradientsTest {

    @Test
    void probeGivesTheDirectInputGradientAndCorrectionsEnterSyntheticRows() {
        float[][] x = {{1, 0, 2}, {0, 3, 0}, {1, 1, 1}};
        float[] w = {1, 2, 0, -1, 3, 1}; // 3 x 2
        SparseFeatures features = new SparseFeatures(3, 3, new int[] {0, 2, 3, 6}, new int[] {0, 2, 1, 0, 1, 2},
            new float[] {1, 2, 3, 1, 1, 1});
        SyntheticBatch batch = new SyntheticBatch(new int[] {0}, new int[] {1}, new float[] {0.25f}, new int[] {0},
            new int[0], new int[0], new FeatureCorrection(new int[] {0}, new int[] {2}, new float[] {0.5f}));
        float[][] results = Engines.runtime(Engines.DeviceChoice.CPU, 1).exclusive(() -> {
        try (NDManager manager = Engines.newManager(Engines.device(Engines.DeviceChoice.CPU))) {
            FeatureInput input = FeatureInput.sparse(manager, features);
            NDArray weight = Transfer.floats(manager, w, new Shape(3, 2));
            weight.setRequiresGradient(true);
            NDArray probe = FeatureGradients.probe(manager, 3, weight);
            FeatureInput step = input.forStep(manager, batch, probe);
            try (GradientCollector collector = Engines.engine().newGradientCollector()) {
                NDArray out = step.project(weight, input.mixing(manager, batch));
                collector.backward(out.mul(out).sum());
                return new float[][] {out.toFloatArray(), FeatureGradients.ofRows(manager, probe, weight, new int[] {0, 2})};
            }
        }
        });
        float[] projected = results[0];
        float[] saliency = results[1];
        float[] expected = new float[6];
        int[] rows = {0, 2};
        for (int r = 0; r < 2; r++) {
            float[] xw = new float[2];
            for (int j = 0; j < 2; j++) {
                for (int f = 0; f < 3; f++) {
                    xw[j] += x[rows[r]][f] * w[f * 2 + j];
                }
            }
            for (int f = 0; f < 3; f++) {
                expected[r * 3 + f] = 2 * (xw[0] * w[f * 2] + xw[1] * w[f * 2 + 1]);
            }
        }
        assertArrayEquals(expected, saliency, 1e-5f);
        // synthetic row: 0.25·(1,0,2) + 0.75·(0,3,0) + (0,0,0.5) = (0.25, 2.25, 1.0), times W
        float[] s = {0.25f, 2.25f, 1.0f};
        float[] synthetic = {s[0] * w[0] + s[1] * w[2] + s[2] * w[4], s[0] * w[1] + s[1] * w[3] + s[2] * w[5]};
        assertArrayEquals(synthetic, new float[] {projected[6], projected[7]}, 1e-5f);
    }
}
