package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;

import org.graphsha.graph.Csr;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;

/**
 * The engine-resident hop rows against the rows staged from Java: the training step and the eval forward read the
 * resident copies, and must see exactly the values the Java path sends.
 */
class HopRowsTest {

    private static final int N = 20;
    private static final int F = 5;
    private static final int HOPS = 2;

    /** @param batchRows 32 keeps all real rows in one engine batch; 7 joins three on the engine */
    @ParameterizedTest
    @ValueSource(ints = {32, 7})
    void residentRowsEqualTheJavaStagedRows(int batchRows) {
        HopOperator a = HopOperator.of(HopFeaturesTest.graph(N, 35, 21), GcnNormalization.MEAN);
        HopFeatures real = HopFeatures.compute(a, HopFeaturesTest.features(N, F, 22), HOPS, 1);
        SyntheticBatch batch = new SyntheticBatch(new int[] {1, 5, 7}, new int[] {2, 5, 11}, new float[] {0.3f, 1f, 0.6f},
            new int[] {0, 1, 1}, new int[] {3, 4, 20}, new int[] {20, 21, 22}, null);
        float[][] synthetic = SyntheticHops.of(real, a, GcnNormalization.MEAN, batch);
        // A step's order: training rows, pseudo-labelled rows (any real nodes), then the synthetic nodes N + s.
        int[] rows = {3, 0, 17, 9, 9, 12, N, N + 1, N + 2};
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                NDList resident = HopRows.resident(manager, real, batchRows, Long.MAX_VALUE);
                assertEquals(HOPS + 1, resident.size());
                int[][] ranges = {{0, rows.length}, {0, 4}, {2, 8}, {6, 9}};
                for (int[] range : ranges) {
                    NDList staged = HopRows.gather(manager, real, synthetic, rows, range[0], range[1]);
                    NDList engine = HopRows.gather(manager, resident, synthetic, rows, range[0], range[1]);
                    for (int k = 0; k <= HOPS; k++) {
                        assertEquals(staged.get(k).getShape(), engine.get(k).getShape());
                        assertArrayEquals(staged.get(k).toFloatArray(), engine.get(k).toFloatArray(),
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

    @Test
    void residentRowsRefuseAnOrderTheStepDoesNotMake() {
        HopOperator a = HopOperator.of(HopFeaturesTest.graph(N, 35, 21), GcnNormalization.MEAN);
        HopFeatures real = HopFeatures.compute(a, HopFeaturesTest.features(N, F, 22), HOPS, 1);
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                NDList resident = HopRows.resident(manager, real, 32, Long.MAX_VALUE);
                float[][] synthetic = {new float[2 * F], new float[2 * F], new float[2 * F]};
                assertThrows(IllegalArgumentException.class,
                    () -> HopRows.gather(manager, resident, synthetic, new int[] {N, 4, N + 1}, 0, 3));
                return null;
            }
        });
    }
}
