package org.graphsha.training;

import org.graphsha.graph.Csr;

/**
 * Rows of Π = α·(I − (1−α)·H)^{-1} with H = D̃^{-1/2}(A+I)D̃^{-1/2} (ReNode, ALGORITHM.md §5). H is
 * symmetric, so row v equals column v = α Σ_r ((1−α)H)^r e_v, computed by fixed-point iteration per
 * requested node instead of a dense N x N inverse: only the training rows are ever needed.
 */
public final class PersonalizedPageRank {

    private static final double TOLERANCE = 1e-10;
    private static final int MAX_ITERATIONS = 1000;

    private PersonalizedPageRank() {}

    /** rows[k] = row {@code sources[k]} of Π, as floats (values are only used for ranking and means). */
    public static float[][] rows(Csr graph, int[] sources, double alpha) {
        int n = graph.nodeCount();
        double[] scale = new double[n];
        for (int v = 0; v < n; v++) {
            scale[v] = 1 / Math.sqrt(graph.degree(v) + 1.0);
        }
        float[][] out = new float[sources.length][];
        double[] x = new double[n];
        double[] next = new double[n];
        for (int k = 0; k < sources.length; k++) {
            java.util.Arrays.fill(x, 0);
            x[sources[k]] = alpha;
            for (int it = 0; it < MAX_ITERATIONS; it++) {
                double change = propagate(graph, scale, x, next, alpha, sources[k]);
                double[] swap = x;
                x = next;
                next = swap;
                if (change < TOLERANCE) {
                    break;
                }
            }
            float[] row = new float[n];
            for (int v = 0; v < n; v++) {
                row[v] = (float) x[v];
            }
            out[k] = row;
        }
        return out;
    }

    /** next = α e_s + (1−α) H x; returns the L1 change. */
    private static double propagate(Csr g, double[] scale, double[] x, double[] next, double alpha, int source) {
        int[] offsets = g.offsets();
        int[] nbr = g.neighbours();
        double change = 0;
        for (int v = 0; v < x.length; v++) {
            double acc = scale[v] * x[v]; // self-loop of A + I
            for (int k = offsets[v]; k < offsets[v + 1]; k++) {
                acc += scale[nbr[k]] * x[nbr[k]];
            }
            double value = (1 - alpha) * scale[v] * acc + (v == source ? alpha : 0);
            change += Math.abs(value - x[v]);
            next[v] = value;
        }
        return change;
    }
}
