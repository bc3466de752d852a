package org.graphsha.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;
import org.junit.jupiter.api.Test;

/** PPR rows by fixed-point iteration against the dense inverse α(I − (1−α)H)^{-1} of ReNode. */
class PersonalizedPageRankTest {

    @Test
    void matchesDenseInverse() {
        int n = 6;
        Csr csr = Csr.undirected(n, new EdgeList(new int[] {0, 1, 1, 2, 4}, new int[] {1, 2, 3, 3, 5}), v -> true);
        double alpha = 0.15;
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            m[i][i] = 1;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                boolean linked = i == j;
                for (int k = csr.offsets()[i]; k < csr.offsets()[i + 1]; k++) {
                    linked |= csr.neighbours()[k] == j;
                }
                if (linked) {
                    m[i][j] -= (1 - alpha) / Math.sqrt((csr.degree(i) + 1.0) * (csr.degree(j) + 1.0));
                }
            }
        }
        double[][] inverse = invert(m);
        int[] sources = {0, 3, 5};
        float[][] rows = PersonalizedPageRank.rows(csr, sources, alpha);
        for (int k = 0; k < sources.length; k++) {
            for (int j = 0; j < n; j++) {
                assertEquals(alpha * inverse[sources[k]][j], rows[k][j], 1e-6, "row " + sources[k] + " col " + j);
            }
        }
    }

    /** Gauss-Jordan with partial pivoting. */
    private static double[][] invert(double[][] a) {
        int n = a.length;
        double[][] w = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, w[i], 0, n);
            w[i][n + i] = 1;
        }
        for (int c = 0; c < n; c++) {
            int pivot = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(w[r][c]) > Math.abs(w[pivot][c])) {
                    pivot = r;
                }
            }
            double[] tmp = w[c];
            w[c] = w[pivot];
            w[pivot] = tmp;
            double d = w[c][c];
            for (int k = 0; k < 2 * n; k++) {
                w[c][k] /= d;
            }
            for (int r = 0; r < n; r++) {
                if (r != c) {
                    double f = w[r][c];
                    for (int k = 0; k < 2 * n; k++) {
                        w[r][k] -= f * w[c][k];
                    }
                }
            }
        }
        double[][] inv = new double[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(w[i], n, inv[i], 0, n);
        }
        return inv;
    }
}
