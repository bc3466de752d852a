package org.graphsha.diffusion;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;

/** Textbook dense computations the diffusion is checked against (small graphs only). */
final class DenseDiffusionReference {

    private DenseDiffusionReference() {}

    /** A random undirected graph with a few isolated nodes and a pendant path, so every code path is hit. */
    static Csr smallGraph(int n, int edges, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Set<Long> seen = new HashSet<>();
        List<int[]> list = new ArrayList<>();
        int isolated = 3;
        while (list.size() < edges) {
            int a = random.nextInt(n - isolated);
            int b = random.nextInt(n - isolated);
            if (a != b && seen.add((long) Math.min(a, b) * n + Math.max(a, b))) {
                list.add(new int[] {a, b});
            }
        }
        int[] s = list.stream().mapToInt(e -> e[0]).toArray();
        int[] t = list.stream().mapToInt(e -> e[1]).toArray();
        return Csr.undirected(n, new EdgeList(s, t), v -> true);
    }

    /** The transition operator: D̃^{-1/2}(A+I)D̃^{-1/2} or A·D^{-1} (zero columns for isolated nodes). */
    static double[][] operator(Csr graph, Normalization normalization) {
        int n = graph.nodeCount();
        double[][] h = new double[n][n];
        for (int v = 0; v < n; v++) {
            for (int k = graph.offsets()[v]; k < graph.offsets()[v + 1]; k++) {
                int u = graph.neighbours()[k];
                if (normalization == Normalization.SYMMETRIC) {
                    h[v][u] = 1 / Math.sqrt((graph.degree(v) + 1.0) * (graph.degree(u) + 1.0));
                } else {
                    h[v][u] = 1.0 / graph.degree(u); // column u spreads u's mass over its neighbours
                }
            }
            if (normalization == Normalization.SYMMETRIC) {
                h[v][v] = 1.0 / (graph.degree(v) + 1);
            }
        }
        return h;
    }

    /** α(I-(1-α)T)^{-1} by Gauss-Jordan elimination with partial pivoting. */
    static double[][] ppr(Csr graph, Normalization normalization, double alpha) {
        double[][] h = operator(graph, normalization);
        int n = h.length;
        double[][] m = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                m[i][j] = (i == j ? 1 : 0) - (1 - alpha) * h[i][j];
            }
            m[i][n + i] = 1;
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) {
                    pivot = r;
                }
            }
            double[] swap = m[col];
            m[col] = m[pivot];
            m[pivot] = swap;
            double p = m[col][col];
            for (int j = 0; j < 2 * n; j++) {
                m[col][j] /= p;
            }
            for (int r = 0; r < n; r++) {
                if (r != col && m[r][col] != 0) {
                    double f = m[r][col];
                    for (int j = 0; j < 2 * n; j++) {
                        m[r][j] -= f * m[col][j];
                    }
                }
            }
        }
        double[][] s = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                s[i][j] = alpha * m[i][n + j];
            }
        }
        return s;
    }

    /** exp(-t(I-T)) = e^{-t}·Σ t^k/k!·T^k, summed with 200 terms (far past double precision for t = 5). */
    static double[][] heat(Csr graph, Normalization normalization, double t) {
        double[][] h = operator(graph, normalization);
        int n = h.length;
        double[][] power = identity(n);
        double[][] sum = identity(n);
        double coefficient = 1;
        for (int k = 1; k < 200; k++) {
            power = multiply(power, h);
            coefficient *= t / k;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    sum[i][j] += coefficient * power[i][j];
                }
            }
        }
        double decay = Math.exp(-t);
        for (double[] row : sum) {
            for (int j = 0; j < n; j++) {
                row[j] *= decay;
            }
        }
        return sum;
    }

    /**
     * Column sparsification and normalisation as in §4.1: keep the topK largest entries of every
     * column (ties to the smaller row) or those at least {@code clip}, divide by the kept sum.
     */
    static double[][] sparsify(double[][] s, int topK, double clip) {
        int n = s.length;
        double[][] out = new double[n][n];
        for (int j = 0; j < n; j++) {
            final int column = j;
            Integer[] rows = new Integer[n];
            for (int i = 0; i < n; i++) {
                rows[i] = i;
            }
            Arrays.sort(rows, (a, b) -> s[b][column] != s[a][column]
                ? Double.compare(s[b][column], s[a][column]) : Integer.compare(a, b));
            double sum = 0;
            int kept = 0;
            for (int r = 0; r < n && kept < topK; r++) {
                double value = s[rows[r]][j];
                if (value > 0 && value >= clip) {
                    out[rows[r]][j] = value;
                    sum += value;
                    kept++;
                }
            }
            for (int i = 0; i < n; i++) {
                out[i][j] /= sum == 0 ? 1 : sum;
            }
        }
        return out;
    }

    private static double[][] identity(int n) {
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            m[i][i] = 1;
        }
        return m;
    }

    private static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                if (a[i][k] != 0) {
                    for (int j = 0; j < n; j++) {
                        c[i][j] += a[i][k] * b[k][j];
                    }
                }
            }
        }
        return c;
    }
}
