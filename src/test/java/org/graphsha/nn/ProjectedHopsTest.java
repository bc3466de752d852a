package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The mapped-first hops against the precomputed ones: the same mapped rows H_k·W_k, real and synthetic (the batch of
 * {@link SyntheticHopsTest}: synthetic senders, a repeated edge, a self-edge, corrections), and the same weight
 * gradient as the rows' own, Σ_k H_kᵀ·∂L/∂(H_k·W_k).
 */
class ProjectedHopsTest {

    private static final int N = 20;
    private static final int F = 4;
    private static final int HOPS = 3;
    private static final int HIDDEN = 3;

    @ParameterizedTest
    @EnumSource(GcnNormalization.class)
    void mappedRowsAndWeightGradientEqualThePrecomputedRows(GcnNormalization norm) {
        SparseFeatures x = HopFeaturesTest.features(N, F, 22);
        HopOperator a = HopOperator.of(HopFeaturesTest.graph(N, 35, 21), norm);
        HopFeatures real = HopFeatures.compute(a, x, HOPS, 1);
        SyntheticBatch batch = SyntheticHopsTest.batch();
        float[][] synthetic = SyntheticHops.of(real, a, norm, batch);
        int[] rows = {3, 0, 17, 9, 12, N, N + 2, N + 1, N + 3};
        check(a, x, real, synthetic, batch, rows, norm);
        int[] everyRow = new int[N];
        for (int v = 0; v < N; v++) {
            everyRow[v] = v;
        }
        check(a, x, real, null, SyntheticBatch.EMPTY, everyRow, norm);
    }

    private static void check(HopOperator a, SparseFeatures x, HopFeatures real, float[][] synthetic, SyntheticBatch batch,
                              int[] rows, GcnNormalization norm) {
        Sign sign = new Sign(new ModelSpec(BackboneKind.SIGN, HIDDEN, 1, 0.5f, norm, HOPS));
        SplittableRandom random = new SplittableRandom(5);
        float[][] weights = new float[HOPS + 1][F * HIDDEN];
        float[][] upstream = new float[HOPS + 1][rows.length * HIDDEN];
        for (int k = 0; k <= HOPS; k++) {
            fill(weights[k], random);
            fill(upstream[k], random);
        }
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                ProjectedHops projected = ProjectedHops.of(manager, a, x, norm);
                NDList params = new NDList();
                for (int k = 0; k <= HOPS; k++) {
                    params.add(Transfer.floats(manager, weights[k], new Shape(F, HIDDEN)));
                    params.add(manager.zeros(new Shape(HIDDEN)));
                }
                // Every real row in order is the eval forward's call.
                boolean everyRow = synthetic == null;
                ProjectedHops.Pass pass = projected.forward(manager, sign, params, batch, everyRow ? null : rows, null);
                // A pass handed an earlier pass's X·[W_0 | ... | W_K] at the same parameters maps exactly the same.
                ProjectedHops.Pass handed = projected.forward(manager, sign, params, batch, everyRow ? null : rows,
                    projected.forward(manager, sign, params, SyntheticBatch.EMPTY, null, null).xMapped());
                for (int k = 0; k <= HOPS; k++) {
                    assertArrayEquals(pass.mapped().get(k).toFloatArray(), handed.mapped().get(k).toFloatArray());
                }
                NDList gradients = new NDList();
                for (int k = 0; k <= HOPS; k++) {
                    double[][] hopRows = hopRows(real, synthetic, rows, k);
                    assertClose(times(hopRows, weights[k], HIDDEN), pass.mapped().get(k).toFloatArray(), "hop " + k);
                    gradients.add(Transfer.floats(manager, upstream[k], new Shape(rows.length, HIDDEN)));
                }
                NDArray joined = pass.weightGradient(manager, gradients);
                assertEquals(new Shape(F, (HOPS + 1) * HIDDEN), joined.getShape());
                float[] actual = joined.toFloatArray();
                for (int k = 0; k <= HOPS; k++) {
                    double[][] hopRows = hopRows(real, synthetic, rows, k);
                    for (int f = 0; f < F; f++) {
                        for (int j = 0; j < HIDDEN; j++) {
                            double expected = 0;
                            for (int i = 0; i < rows.length; i++) {
                                expected += hopRows[i][f] * upstream[k][i * HIDDEN + j];
                            }
                            assertEquals(expected, actual[f * (HOPS + 1) * HIDDEN + k * HIDDEN + j], 1e-5,
                                "∂L/∂W_" + k + "[" + f + "][" + j + "]");
                        }
                    }
                }
                return null;
            }
        });
    }

    /** Mapping first pays on Cora's shape (sparse, 1,433 wide) and not on a dense 100-wide graph of the same size. */
    @Test
    void mappingFirstIsChosenForSparseWideFeaturesOnly() {
        HopOperator a = HopOperator.of(HopFeaturesTest.graph(2000, 8000, 3), GcnNormalization.MEAN);
        float[] sparseWide = new float[2000 * 1433];
        for (int v = 0; v < 2000; v++) {
            for (int c = 0; c < 18; c++) {
                sparseWide[v * 1433 + (v * 7 + c * 79) % 1433] = 1f;
            }
        }
        long rowPasses = 3 * 2000;
        assertTrue(ProjectedHops.cheaper(a, SparseFeatures.dense(2000, 1433, sparseWide), 2, rowPasses));
        float[] denseNarrow = new float[2000 * 100];
        java.util.Arrays.fill(denseNarrow, 0.5f);
        assertFalse(ProjectedHops.cheaper(a, SparseFeatures.dense(2000, 100, denseNarrow), 2, rowPasses));
    }

    private static double[][] hopRows(HopFeatures real, float[][] synthetic, int[] rows, int k) {
        double[][] out = new double[rows.length][F];
        float[] row = new float[F];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] < N) {
                real.hop(k).copyRow(rows[i], row, 0);
            } else {
                System.arraycopy(synthetic[k], (rows[i] - N) * F, row, 0, F);
            }
            for (int f = 0; f < F; f++) {
                out[i][f] = row[f];
            }
        }
        return out;
    }

    private static double[] times(double[][] rows, float[] w, int hidden) {
        double[] out = new double[rows.length * hidden];
        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < hidden; j++) {
                for (int f = 0; f < rows[i].length; f++) {
                    out[i * hidden + j] += rows[i][f] * w[f * hidden + j];
                }
            }
        }
        return out;
    }

    private static void assertClose(double[] expected, float[] actual, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], 1e-5, what + ", entry " + i);
        }
    }

    private static void fill(float[] values, SplittableRandom random) {
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) random.nextDouble(-1, 1);
        }
    }
}
