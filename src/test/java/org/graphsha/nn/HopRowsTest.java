package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;

import org.graphsha.graph.Csr;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.api.Test;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * Hop rows on the engine against the Java rows they come from: the batches a training step stages, and the eval
 * forward's resident copies (one tensor per hop, joined from batches on the engine).
 */
class HopRowsTest {

    private static final int N = 20;
    private static final int F = 5;
    private static final int HOPS = 2;

    /** The batch's rows, written straight into the transfer buffer, are the real and synthetic rows bit for bit. */
    @Test
    void gatheredRowsAreTheRealAndSyntheticRows() {
        HopOperator a = HopOperator.of(HopFeaturesTest.graph(N, 35, 21), GcnNormalization.MEAN);
        HopFeatures real = HopFeatures.compute(a, HopFeaturesTest.features(N, F, 22), HOPS, 1);
        SyntheticBatch batch = new SyntheticBatch(new int[] {1, 5, 7}, new int[] {2, 5, 11}, new float[] {0.3f, 1f, 0.6f},
            new int[] {0, 1, 1}, new int[] {3, 4, 20}, new int[] {20, 21, 22}, null);
        float[][] synthetic = SyntheticHops.of(real, a, GcnNormalization.MEAN, batch);
        // A step's order: training rows, pseudo-labelled rows (any real nodes), then the synthetic nodes N + s.
        int[] rows = {3, 0, 17, 9, 9, 12, N, N + 2, N + 1};
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                int[][] ranges = {{0, rows.length}, {0, 4}, {2, 8}, {6, 9}};
                for (int[] range : ranges) {
                    NDList gathered = HopRows.gather(manager, real, synthetic, rows, range[0], range[1]);
                    for (int k = 0; k <= HOPS; k++) {
                        int b = range[1] - range[0];
                        assertEquals(new Shape(b, F), gathered.get(k).getShape());
                        float[] expected = new float[b * F];
                        for (int i = 0; i < b; i++) {
                            int r = rows[range[0] + i];
                            if (r < N) {
                                real.hop(k).copyRow(r, expected, i * F);
                            } else {
                                System.arraycopy(synthetic[k], (r - N) * F, expected, i * F, F);
                            }
                        }
                        assertArrayEquals(expected, gathered.get(k).toFloatArray(),
                            "hop " + k + ", rows " + range[0] + ".." + range[1]);
                    }
                }
                return null;
            }
        });
    }

    @Test
    void residentEvalLogitsEqualTheStagedOnes() {
        HopOperator a = HopOperator.of(HopFeaturesTest.graph(N, 35, 21), GcnNormalization.SYMMETRIC);
        HopFeatures real = HopFeatures.compute(a, HopFeaturesTest.features(N, F, 22), HOPS, 1);
        HopBackbone model = (HopBackbone) ModelSpec.defaults(BackboneKind.SIGN).backbone();
        List<Tensor> params = model.initialize(F, 3, new SplittableRandom(3)).tensors();
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                for (int batchRows : new int[] {32, 7}) {
                    NDList resident = HopRows.resident(manager, real, batchRows, Long.MAX_VALUE);
                    assertArrayEquals(HopRows.logits(model, params, manager, real, batchRows),
                        HopRows.logits(model, params, manager, resident, batchRows), "batches of " + batchRows);
                }
                assertNull(HopRows.resident(manager, real, 7, 10), "over its budget nothing is kept");
                return null;
            }
        });
    }

    /** Scoring a subset of rows (the validation rows of an epoch) gives those rows' logits of the full pass. */
    @Test
    void listedRowsGetTheirRowsOfTheFullPassAndTheOthersStayZero() {
        HopOperator a = HopOperator.of(HopFeaturesTest.graph(N, 35, 21), GcnNormalization.MEAN);
        HopFeatures real = HopFeatures.compute(a, HopFeaturesTest.features(N, F, 22), HOPS, 1);
        HopBackbone model = (HopBackbone) ModelSpec.defaults(BackboneKind.SIGN).backbone();
        int classes = 3;
        List<Tensor> params = model.initialize(F, classes, new SplittableRandom(4)).tensors();
        int[] rows = {17, 2, 9, 11, 0};
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                float[] every = HopRows.logits(model, params, manager, real, 32);
                // The epochs' buffer: written over by the next call with other parameters, then by these again.
                float[] reused = HopRows.logits(model, params, manager, real, rows, 32, null);
                List<Tensor> others = model.initialize(F, classes, new SplittableRandom(5)).tensors();
                assertTrue(reused == HopRows.logits(model, others, manager, real, rows, 32, reused), "reused");
                for (int batchRows : new int[] {32, 2}) {
                    float[] listed = batchRows == 2 ? HopRows.logits(model, params, manager, real, rows, batchRows)
                        : HopRows.logits(model, params, manager, real, rows, batchRows, reused);
                    assertEquals(every.length, listed.length);
                    for (int v = 0; v < N; v++) {
                        int node = v;
                        boolean scored = java.util.Arrays.stream(rows).anyMatch(r -> r == node);
                        for (int c = 0; c < classes; c++) {
                            float expected = scored ? every[v * classes + c] : 0f;
                            assertEquals(expected, listed[v * classes + c], 1e-6f, "node " + v + ", batches of " + batchRows);
                        }
                    }
                }
                return null;
            }
        });
    }

    /** The backbone's engine-free row forward (what Spark's executors score with) gives the engine's logits. */
    @Test
    void theRowForwardWithoutAnEngineGivesTheEngineLogits() {
        HopOperator a = HopOperator.of(HopFeaturesTest.graph(N, 35, 21), GcnNormalization.SYMMETRIC);
        HopFeatures real = HopFeatures.compute(a, HopFeaturesTest.features(N, F, 22), HOPS, 1);
        ModelSpec spec = ModelSpec.defaults(BackboneKind.SIGN);
        HopBackbone model = (HopBackbone) spec.backbone();
        int classes = 3;
        List<Tensor> params = model.initialize(F, classes, new SplittableRandom(5)).tensors();
        float[][] weights = new float[params.size() / 2][];
        float[][] biases = new float[params.size() / 2][];
        for (int l = 0; l < weights.length; l++) {
            weights[l] = params.get(2 * l).data();
            biases[l] = params.get(2 * l + 1).data();
        }
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        float[] engine = runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                return HopRows.logits(model, params, manager, real, 32);
            }
        });
        for (int v = 0; v < N; v++) {
            float[][] hops = new float[HOPS + 1][F];
            for (int k = 0; k <= HOPS; k++) {
                real.hop(k).copyRow(v, hops[k], 0);
            }
            float[] row = Sign.rowLogits(hops, weights, biases, spec.hidden(), classes);
            for (int c = 0; c < classes; c++) {
                assertEquals(engine[v * classes + c], row[c], 1e-5f, "node " + v + ", class " + c);
            }
        }
    }

    @Test
    void aFillThatWritesTheWrongCountIsRefused() {
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                assertThrows(IllegalStateException.class,
                    () -> Transfer.floats(manager, new Shape(2, 3), into -> into.put(new float[5])));
                return null;
            }
        });
    }
}
