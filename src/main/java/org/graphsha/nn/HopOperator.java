package org.graphsha.nn;

import org.graphsha.graph.Csr;

/**
 * Â of the full-batch GCN (docs/algorithm.md §2.1) as a CSR matrix with int32 columns and float32 values: row i holds
 * the self-loop, weighted 1/d̂_i, and every in-neighbour j, weighted {@link GcnNormalization#weight}(d̂_i, d̂_j),
 * columns ascending. d̂ is the degree plus the self-loop. Built in two passes over the adjacency: the first counts
 * each row's distinct neighbours (rows are sorted, so a repeat is the entry before it; a listed self-loop is dropped
 * because Â adds its own), the second fills the rows. The snapshot's adjacency has no repeated edges, so Â here
 * equals the one {@link Gcn#tensors} builds.
 */
public record HopOperator(int nodeCount, int[] offsets, int[] columns, float[] values) {

    public static HopOperator of(Csr adjacency, GcnNormalization norm) {
        int n = adjacency.nodeCount();
        int[] in = adjacency.offsets();
        int[] neighbours = adjacency.neighbours();
        int[] degrees = new int[n];
        for (int v = 0; v < n; v++) {
            int previous = -1;
            for (int k = in[v]; k < in[v + 1]; k++) {
                int u = neighbours[k];
                if (u != v && u != previous) {
                    degrees[v]++;
                }
                previous = u;
            }
        }
        int[] offsets = new int[n + 1];
        for (int v = 0; v < n; v++) {
            offsets[v + 1] = Math.addExact(offsets[v], degrees[v] + 1);
        }
        int[] columns = new int[offsets[n]];
        float[] values = new float[offsets[n]];
        for (int v = 0; v < n; v++) {
            int at = offsets[v];
            int selfDegree = degrees[v] + 1;
            boolean selfPlaced = false;
            int previous = -1;
            for (int k = in[v]; k < in[v + 1]; k++) {
                int u = neighbours[k];
                if (u == v || u == previous) {
                    previous = u;
                    continue;
                }
                previous = u;
                if (!selfPlaced && u > v) {
                    columns[at] = v;
                    values[at++] = 1f / selfDegree;
                    selfPlaced = true;
                }
                columns[at] = u;
                values[at++] = norm.weight(selfDegree, degrees[u] + 1);
            }
            if (!selfPlaced) {
                columns[at] = v;
                values[at] = 1f / selfDegree;
            }
        }
        return new HopOperator(n, offsets, columns, values);
    }

    /** d̂_i: the row's entries, its self-loop included. */
    public int degreeWithSelfLoop(int node) {
        return offsets[node + 1] - offsets[node];
    }
}
