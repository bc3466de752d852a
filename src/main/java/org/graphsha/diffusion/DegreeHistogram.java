package org.graphsha.diffusion;

import org.graphsha.graph.Csr;

/**
 * Node degrees of the (masked) graph and their histogram over all N nodes, isolated and removed
 * ones included (docs/algorithm.md §4.1, §8.5): synthetic nodes draw their degree from it.
 */
public record DegreeHistogram(int[] degrees, long[] counts) {

    public static DegreeHistogram of(Csr graph) {
        int n = graph.nodeCount();
        int[] degrees = new int[n];
        int max = 0;
        for (int v = 0; v < n; v++) {
            degrees[v] = graph.degree(v);
            max = Math.max(max, degrees[v]);
        }
        long[] counts = new long[max + 1];
        for (int d : degrees) {
            counts[d]++;
        }
        return new DegreeHistogram(degrees, counts);
    }

    public int maxDegree() {
        return counts.length - 1;
    }

    public int degree(int node) {
        return degrees[node];
    }
}
