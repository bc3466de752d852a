package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.SplittableRandom;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.SparseFeatures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class HopFeaturesTest {

    /** A random undirected graph with a repeated edge and a listed self-loop, which Â must ignore. */
    static Csr graph(int n, int edges, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] s = new int[edges + 2];
        int[] t = new int[edges + 2];
        for (int e = 0; e < edges; e++) {
            s[e] = random.nextInt(n);
            t[e] = (s[e] + 1 + random.nextInt(n - 1)) % n;
        }
        s[edges] = s[0];
        t[edges] = t[0];
        s[edges + 1] = 3;
        t[edges + 1] = 3;
        return Csr.undirected(n, new EdgeList(s, t), v -> true);
    }

    static SparseFeatures features(int n, int f, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] offsets = new int[n + 1];
        int[] columns = new int[n * f];
        float[] values = new float[n * f];
        int at = 0;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < f; c++) {
                if (random.nextInt(3) > 0) {
                    columns[at] = c;
                    values[at++] = (float) random.nextDouble(-1, 1);
                }
            }
            offsets[r + 1] = at;
        }
        return new SparseFeatures(n, f, offsets, java.util.Arrays.copyOf(columns, at), java.util.Arrays.copyOf(values, at));
    }

    /** Â as a dense matrix, from the distinct undirected pairs: (A + I) with d̂ = distinct neighbours + 1. */
    static double[][] denseOperator(Csr csr, GcnNormalization norm) {
        int n = csr.nodeCount();
        double[][] a = new double[n][n];
        for (int v = 0; v < n; v++) {
            for (int k = csr.offsets()[v]; k < csr.offsets()[v + 1]; k++) {
                a[v][csr.neighbours()[k]] = 1;
            }
            a[v][v] = 1;
        }
        double[] degree = new double[n];
        for (int v = 0; v < n; v++) {
            for (int u = 0; u < n; u++) {
                degree[v] += a[v][u];
            }
        }
        for (int v = 0; v < n; v++) {
            for (int u = 0; u < n; u++) {
                a[v][u] *= norm == GcnNormalization.MEAN ? 1 / degree[v] : 1 / Math.sqrt(degree[v] * degree[u]);
            }
        }
        return a;
    }

    static double[][] dense(SparseFeatures x) {
        double[][] d = new double[x.rows()][x.dimension()];
        for (int r = 0; r < x.rows(); r++) {
            for (int k = x.rowOffsets()[r]; k < x.rowOffsets()[r + 1]; k++) {
                d[r][x.columns()[k]] = x.values()[k];
            }
        }
        return d;
    }

    static double[][] times(double[][] a, double[][] b) {
        double[][] out = new double[a.length][b[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int k = 0; k < b.length; k++) {
                if (a[i][k] != 0) {
                    for (int j = 0; j < b[0].length; j++) {
                        out[i][j] += a[i][k] * b[k][j];
                    }
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(GcnNormalization.class)
    void hopsEqualPowersOfTheDenseOperator(GcnNormalization norm) {
        Csr csr = graph(30, 60, 7);
        SparseFeatures x = features(30, 5, 8);
        HopFeatures h = HopFeatures.compute(HopOperator.of(csr, norm), x, 3, 2);
        double[][] a = denseOperator(csr, norm);
        double[][] expected = dense(x);
        for (int k = 0; k <= 3; k++) {
            for (int r = 0; r < 30; r++) {
                float[] row = new float[5];
                h.hop(k).copyRow(r, row, 0);
                for (int c = 0; c < 5; c++) {
                    assertEquals(expected[r][c], row[c], 1e-5, "hop " + k + " row " + r + " column " + c);
                }
            }
            expected = times(a, expected);
        }
    }

    /** Every entry of every row stored, in column order: the layout of dense properties. */
    static SparseFeatures everyEntry(int n, int f, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] offsets = new int[n + 1];
        int[] columns = new int[n * f];
        float[] values = new float[n * f];
        for (int k = 0; k < n * f; k++) {
            columns[k] = k % f;
            values[k] = (float) random.nextDouble(-1, 1);
        }
        for (int r = 0; r <= n; r++) {
            offsets[r] = r * f;
        }
        return new SparseFeatures(n, f, offsets, columns, values);
    }

    @Test
    void denselyStoredFeaturesAreH0WithoutACopyAndPropagateAsACopyWould() {
        Csr csr = graph(30, 60, 7);
        SparseFeatures x = everyEntry(30, 5, 9);
        x.values()[7] = 0;
        HopFeatures shared = HopFeatures.compute(HopOperator.of(csr, GcnNormalization.MEAN), x, 2, 2);
        assertSame(x.values(), shared.hop(0).block(0), "H_0 is the features' own array");
        // The same matrix without its stored zero (row 1, column 2): stored sparsely, so H_0 is a copy.
        int[] offsets = x.rowOffsets().clone();
        for (int r = 2; r <= 30; r++) {
            offsets[r]--;
        }
        int[] columns = new int[x.nonZeros() - 1];
        float[] values = new float[x.nonZeros() - 1];
        for (int k = 0, at = 0; k < x.nonZeros(); k++) {
            if (k != 7) {
                columns[at] = x.columns()[k];
                values[at++] = x.values()[k];
            }
        }
        HopFeatures copied = HopFeatures.compute(HopOperator.of(csr, GcnNormalization.MEAN),
            new SparseFeatures(30, 5, offsets, columns, values), 2, 2);
        assertNotSame(values, copied.hop(0).block(0));
        assertSameHops(shared, copied);
    }

    private static void assertSameHops(HopFeatures expected, HopFeatures actual) {
        for (int k = 0; k <= expected.hops(); k++) {
            for (int r = 0; r < expected.rows(); r++) {
                float[] p = new float[expected.width()];
                float[] q = new float[expected.width()];
                expected.hop(k).copyRow(r, p, 0);
                actual.hop(k).copyRow(r, q, 0);
                assertArrayEquals(p, q, "hop " + k + " row " + r);
            }
        }
    }

    @Test
    void theOperatorIsTheFullBatchOne() {
        Csr csr = graph(12, 20, 3);
        HopOperator a = HopOperator.of(csr, GcnNormalization.SYMMETRIC);
        double[][] dense = denseOperator(csr, GcnNormalization.SYMMETRIC);
        int entries = 0;
        for (int v = 0; v < 12; v++) {
            for (int k = a.offsets()[v]; k < a.offsets()[v + 1]; k++) {
                assertEquals(dense[v][a.columns()[k]], a.values()[k], 1e-7);
                if (k > a.offsets()[v]) {
                    assertEquals(true, a.columns()[k] > a.columns()[k - 1], "columns ascending and distinct");
                }
            }
            for (double w : dense[v]) {
                entries += w != 0 ? 1 : 0;
            }
        }
        assertEquals(entries, a.columns().length);
    }

    @Test
    void theThreadCountChangesNoBit() {
        // Enough rows for several chunks, so two threads do share the work.
        Csr csr = graph(3000, 12000, 11);
        SparseFeatures x = features(3000, 6, 12);
        HopOperator a = HopOperator.of(csr, GcnNormalization.SYMMETRIC);
        HopFeatures one = HopFeatures.compute(a, x, 2, 1);
        HopFeatures two = HopFeatures.compute(a, x, 2, 2);
        assertSameHops(one, two);
    }

    @Test
    void rowBlocksSplitRowsAcrossBlocks() {
        RowBlocks m = new RowBlocks(10, 3, 7);
        assertEquals(2, m.block(0).length / 3);
        for (int r = 0; r < 10; r++) {
            m.block(r)[m.offset(r) + 2] = r;
        }
        float[] row = new float[3];
        m.copyRow(9, row, 0);
        assertEquals(9f, row[2]);
        assertEquals(10_000_000L * 256 * 4, RowBlocks.bytes(10_000_000, 256));
    }
}
