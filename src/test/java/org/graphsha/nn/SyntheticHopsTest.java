package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.graphsha.graph.Csr;
import org.graphsha.graph.FeatureCorrection;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** The synthetic rows in hop space against Â'^k X' computed densely on the augmented graph. */
class SyntheticHopsTest {

    private static final int N = 20;
    private static final int F = 4;
    private static final int HOPS = 3;

    /**
     * Four synthetic nodes at 20..23: in-edges from real nodes (the PPR-sampled ones), a repeated edge, a self-edge
     * (dropped, as the full-batch graph drops it), an edge from another synthetic node, a node without edges, one
     * mixing a node with itself; GraphENS-style corrections on one row.
     */
    static SyntheticBatch batch() {
        return new SyntheticBatch(
            new int[] {1, 5, 7, 9}, new int[] {2, 5, 11, 0}, new float[] {0.3f, 0.9f, 0.6f, 0.01f}, new int[] {0, 1, 1, 2},
            new int[] {3, 4, 4, 20, 8, 8, 21, 0, 13, 6},
            new int[] {20, 20, 21, 20, 21, 21, 22, 22, 22, 22},
            new FeatureCorrection(new int[] {2, 2}, new int[] {0, 3}, new float[] {0.5f, -0.25f}));
    }

    @ParameterizedTest
    @EnumSource(GcnNormalization.class)
    void syntheticRowsEqualTheDenseAugmentedPropagation(GcnNormalization norm) {
        Csr csr = HopFeaturesTest.graph(N, 35, 21);
        SparseFeatures x = HopFeaturesTest.features(N, F, 22);
        HopOperator a = HopOperator.of(csr, norm);
        HopFeatures real = HopFeatures.compute(a, x, HOPS, 1);
        SyntheticBatch batch = batch();
        float[][] synthetic = SyntheticHops.of(real, a, norm, batch);

        int total = N + batch.size();
        // The augmented graph as the full-batch path builds it: the original undirected edges, then each synthetic
        // edge as one message u -> s; A'[i][j] counts the messages j -> i.
        double[][] counts = new double[total][total];
        double[][] base = HopFeaturesTest.denseOperator(csr, norm);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                counts[i][j] = i != j && base[i][j] != 0 ? 1 : 0;
            }
        }
        for (int e = 0; e < batch.edgeSources().length; e++) {
            if (batch.edgeSources()[e] != batch.edgeTargets()[e]) {
                counts[batch.edgeTargets()[e]][batch.edgeSources()[e]] += 1;
            }
        }
        double[] degree = new double[total];
        for (int i = 0; i < total; i++) {
            degree[i] = 1;
            for (int j = 0; j < total; j++) {
                degree[i] += counts[i][j];
            }
        }
        double[][] op = new double[total][total];
        for (int i = 0; i < total; i++) {
            for (int j = 0; j < total; j++) {
                double weight = norm == GcnNormalization.MEAN ? 1 / degree[i] : 1 / Math.sqrt(degree[i] * degree[j]);
                op[i][j] = (counts[i][j] + (i == j ? 1 : 0)) * weight;
            }
        }
        double[][] dense = HopFeaturesTest.dense(x);
        double[][] h = new double[total][F];
        for (int v = 0; v < N; v++) {
            h[v] = dense[v].clone();
        }
        for (int s = 0; s < batch.size(); s++) {
            int anchor = batch.anchors()[s];
            int aux = batch.auxiliaries()[s];
            double delta = batch.deltas()[s];
            for (int c = 0; c < F; c++) {
                h[N + s][c] = anchor == aux ? dense[anchor][c] : delta * dense[anchor][c] + (1 - delta) * dense[aux][c];
            }
        }
        h[N + 2][0] += 0.5;
        h[N + 2][3] -= 0.25;
        for (int k = 0; k <= HOPS; k++) {
            for (int s = 0; s < batch.size(); s++) {
                for (int c = 0; c < F; c++) {
                    assertEquals(h[N + s][c], synthetic[k][s * F + c], 1e-5, "hop " + k + " synthetic " + s);
                }
            }
            // One-way edges leave every real row as it was: the precomputed H_k.
            for (int v = 0; v < N; v++) {
                float[] row = new float[F];
                real.hop(k).copyRow(v, row, 0);
                for (int c = 0; c < F; c++) {
                    assertEquals(h[v][c], row[c], 1e-5, "hop " + k + " real " + v);
                }
            }
            h = HopFeaturesTest.times(op, h);
        }
    }

    /**
     * A run reuses the synthetic buffers from epoch to epoch: rows written into buffers left by a larger batch, or
     * holding garbage, equal rows written into fresh ones, bit for bit.
     */
    @Test
    void reusedBuffersGiveTheRowsOfFreshOnes() {
        Csr csr = HopFeaturesTest.graph(N, 35, 21);
        HopOperator a = HopOperator.of(csr, GcnNormalization.SYMMETRIC);
        HopFeatures real = HopFeatures.compute(a, HopFeaturesTest.features(N, F, 22), HOPS, 1);
        SyntheticBatch small = new SyntheticBatch(new int[] {4, 6}, new int[] {9, 6}, new float[] {0.7f, 1f},
            new int[] {1, 0}, new int[] {2, 3, 20}, new int[] {20, 21, 21}, null);
        float[][] fresh = SyntheticHops.of(real, a, GcnNormalization.SYMMETRIC, small);

        float[][] buffers = new float[HOPS + 1][];
        SyntheticHops.of(real, a, GcnNormalization.SYMMETRIC, batch(), buffers, 1);
        float[][] larger = buffers.clone();
        float[][] reused = SyntheticHops.of(real, a, GcnNormalization.SYMMETRIC, small, buffers, 1);
        for (int k = 0; k <= HOPS; k++) {
            assertTrue(reused[k] == larger[k], "hop " + k + " kept the larger batch's buffer");
            assertArrayEquals(fresh[k], Arrays.copyOf(reused[k], 2 * F), "hop " + k);
            Arrays.fill(reused[k], Float.NaN);
        }
        reused = SyntheticHops.of(real, a, GcnNormalization.SYMMETRIC, small, reused, 2);
        for (int k = 0; k <= HOPS; k++) {
            assertArrayEquals(fresh[k], Arrays.copyOf(reused[k], 2 * F), "hop " + k + " after garbage");
        }
    }

    /** Hundreds of synthetic rows, with edges between synthetic nodes too: one thread and three give the same bits. */
    @Test
    void theThreadCountChangesNoBit() {
        Csr csr = HopFeaturesTest.graph(N, 35, 21);
        HopOperator a = HopOperator.of(csr, GcnNormalization.SYMMETRIC);
        HopFeatures real = HopFeatures.compute(a, HopFeaturesTest.features(N, F, 22), HOPS, 1);
        int m = 1000;
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        int[] anchors = new int[m];
        int[] auxiliaries = new int[m];
        float[] deltas = new float[m];
        int[] sources = new int[4 * m];
        int[] targets = new int[4 * m];
        for (int s = 0; s < m; s++) {
            anchors[s] = random.nextInt(N);
            auxiliaries[s] = random.nextInt(N);
            deltas[s] = random.nextFloat();
            for (int e = 0; e < 4; e++) {
                // One edge in four comes from another synthetic node.
                sources[4 * s + e] = e == 3 ? N + random.nextInt(m) : random.nextInt(N);
                targets[4 * s + e] = N + s;
            }
        }
        SyntheticBatch batch = new SyntheticBatch(anchors, auxiliaries, deltas, new int[m], sources, targets, null);
        for (GcnNormalization norm : GcnNormalization.values()) {
            float[][] one = SyntheticHops.of(real, a, norm, batch, new float[HOPS + 1][], 1);
            float[][] three = SyntheticHops.of(real, a, norm, batch, new float[HOPS + 1][], 3);
            for (int k = 0; k <= HOPS; k++) {
                assertArrayEquals(one[k], three[k], norm + ", hop " + k);
            }
        }
    }

    @Test
    void anEdgeIntoARealNodeIsRefused() {
        Csr csr = HopFeaturesTest.graph(N, 35, 21);
        HopOperator a = HopOperator.of(csr, GcnNormalization.MEAN);
        HopFeatures real = HopFeatures.compute(a, HopFeaturesTest.features(N, F, 22), 1, 1);
        SyntheticBatch bidirectional = new SyntheticBatch(new int[] {1}, new int[] {2}, new float[] {0.5f},
            new int[] {0}, new int[] {3, 20}, new int[] {20, 3});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> SyntheticHops.of(real, a, GcnNormalization.MEAN, bidirectional));
        assertTrue(e.getMessage().contains("syntheticEdges: 'inbound'"), e.getMessage());
    }
}
