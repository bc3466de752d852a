package org.graphsha.diffusion;

import org.graphsha.graph.Csr;

/**
 * The column-stochastic walk P' behind both normalisations: P' = (A+I)·D̃^{-1} for SYMMETRIC and
 * A·D^{-1} for RANDOM_WALK. Working with P' keeps the push residuals a probability mass (so the
 * error bound is simple); the symmetric H = D̃^{-1/2}(A+I)D̃^{-1/2} = D̃^{-1/2} P' D̃^{1/2} is
 * recovered by rescaling, see {@link #toOperatorScale}.
 */
final class Transition {

    final Csr graph;
    final boolean selfLoops;
    /** deg'(v): degree counting the self loop when there is one. */
    final int[] walkDegree;

    Transition(Csr graph, Normalization normalization) {
        this.graph = graph;
        this.selfLoops = normalization == Normalization.SYMMETRIC;
        int n = graph.nodeCount();
        walkDegree = new int[n];
        for (int v = 0; v < n; v++) {
            walkDegree[v] = graph.degree(v) + (selfLoops ? 1 : 0);
        }
    }

    int nodeCount() {
        return graph.nodeCount();
    }

    /**
     * Converts entry v of a P'-walk vector started at j into the operator's own scale: for the
     * symmetric H the diffusion column is D̃^{-1/2}·(P'-vector)·sqrt(deg'(j)); the random walk
     * needs nothing.
     */
    double toOperatorScale(double walkValue, int v, int j) {
        if (!selfLoops) {
            return walkValue;
        }
        return walkValue * Math.sqrt((double) walkDegree[j] / walkDegree[v]);
    }

    /** y += P'·x restricted to the entries of x listed in {@code active}; y's new entries join {@code touched}. */
    void scatter(double[] x, int[] active, int activeCount, double scale, double[] y, SparseTouch touched) {
        int[] offsets = graph.offsets();
        int[] neighbours = graph.neighbours();
        for (int a = 0; a < activeCount; a++) {
            int u = active[a];
            double mass = x[u];
            if (mass == 0 || walkDegree[u] == 0) {
                continue;
            }
            double share = scale * mass / walkDegree[u];
            if (selfLoops) {
                touched.add(u);
                y[u] += share;
            }
            for (int k = offsets[u]; k < offsets[u + 1]; k++) {
                int v = neighbours[k];
                touched.add(v);
                y[v] += share;
            }
        }
    }
}
