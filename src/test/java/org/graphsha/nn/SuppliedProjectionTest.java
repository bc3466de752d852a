package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.graphsha.graph.FeatureCorrection;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;

/**
 * A training step may take X·W from the previous eval forward instead of computing it (CPU only). The
 * loss and ∂L/∂W must then be bit-identical to the step that computes X·W itself, with synthetic rows
 * mixed from it and GraphENS's feature correction, which reaches W a second way.
 */
class SuppliedProjectionTest {

    private static final int ROWS = 40;
    private static final int DIMENSION = 30;
    private static final int OUT = 8;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void suppliedProjectionGivesTheSameLossAndWeightGradient(boolean sparse) {
        SplittableRandom random = new SplittableRandom(7);
        SparseFeatures features = features(random);
        float[] weight = new float[DIMENSION * OUT];
        for (int i = 0; i < weight.length; i++) {
            weight[i] = (float) random.nextDouble(-1, 1);
        }
        SyntheticBatch batch = new SyntheticBatch(new int[] {1, 5, 9}, new int[] {2, 5, 30}, new float[] {0.3f, 1f, 0.9f},
            new int[] {0, 1, 0}, new int[0], new int[0], new FeatureCorrection(new int[] {0, 2}, new int[] {3, 7},
            new float[] {-0.5f, 0.25f}));
        float[][] computed = step(features, sparse, weight, batch, false);
        float[][] supplied = step(features, sparse, weight, batch, true);
        assertArrayEquals(computed[0], supplied[0], 0f, "loss");
        assertArrayEquals(computed[1], supplied[1], 0f, "dL/dW");
    }

    /** {loss}, dL/dW of sum((rows of layer-1 input) · fixed weights), the rows being original and synthetic. */
    private static float[][] step(SparseFeatures f, boolean sparse, float[] weight, SyntheticBatch batch, boolean supply) {
        return Engines.runtime(Engines.DeviceChoice.CPU, 1).exclusive(() -> {
        try (NDManager m = Engines.newManager(Device.cpu())) {
            FeatureInput x = sparse ? FeatureInput.sparse(m, f) : FeatureInput.dense(m, f);
            NDArray w = Transfer.floats(m, weight, new Shape(DIMENSION, OUT));
            FeatureInput input = x.forStep(m, batch, null);
            if (supply) {
                NDArray xw = x.project(w, null);
                NDArray leaf = Transfer.floats(m, xw.toFloatArray(), xw.getShape());
                leaf.setRequiresGradient(true);
                input = input.withProjection(leaf);
            }
            w.setRequiresGradient(true);
            try (GradientCollector collector = Engines.engine().newGradientCollector()) {
                NDArray rows = input.project(w, x.mixing(m, batch));
                NDArray scale = Transfer.floats(m, ramp(rows.size()), rows.getShape());
                NDArray loss = rows.mul(scale).sum();
                collector.backward(loss);
                return new float[][] {{loss.getFloat()}, input.weightGradient(w).toFloatArray()};
            }
        }
        });
    }

    private static SparseFeatures features(SplittableRandom random) {
        int[] offsets = new int[ROWS + 1];
        int[] columns = new int[ROWS * DIMENSION];
        float[] values = new float[ROWS * DIMENSION];
        int k = 0;
        for (int r = 0; r < ROWS; r++) {
            for (int c = 0; c < DIMENSION; c++) {
                if (random.nextDouble() < 0.2) {
                    columns[k] = c;
                    values[k++] = (float) random.nextDouble();
                }
            }
            offsets[r + 1] = k;
        }
        return new SparseFeatures(ROWS, DIMENSION, offsets, Arrays.copyOf(columns, k),
            Arrays.copyOf(values, k));
    }

    private static float[] ramp(long size) {
        float[] out = new float[Math.toIntExact(size)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (i % 13) * 0.1f - 0.6f;
        }
        return out;
    }
}
