package org.graphsha.graph;

import java.util.Arrays;

/**
 * Adjacency in compressed sparse row form: the neighbours of node v are
 * {@code neighbours[offsets[v]] .. neighbours[offsets[v+1]-1]}, sorted ascending. For the undirected
 * graphs used here, row v lists the nodes that send messages to v and that v sends messages to.
 */
public record Csr(int nodeCount, int[] offsets, int[] neighbours) {

    public int degree(int node) {
        return offsets[node + 1] - offsets[node];
    }

    /** Number of directed entries (twice the number of undirected edges). */
    public int entryCount() {
        return neighbours.length;
    }

    /** Builds the symmetric adjacency of undirected edges, keeping only edges where {@code keep} holds for both ends. */
    public static Csr undirected(int nodeCount, EdgeList edges, java.util.function.IntPredicate keep) {
        int[] s = edges.sources();
        int[] t = edges.targets();
        int[] offsets = new int[nodeCount + 1];
        for (int e = 0; e < s.length; e++) {
            if (keep.test(s[e]) && keep.test(t[e])) {
                offsets[s[e] + 1]++;
                offsets[t[e] + 1]++;
            }
        }
        for (int v = 0; v < nodeCount; v++) {
            offsets[v + 1] += offsets[v];
        }
        int[] cursor = Arrays.copyOf(offsets, nodeCount);
        int[] neighbours = new int[offsets[nodeCount]];
        for (int e = 0; e < s.length; e++) {
            if (keep.test(s[e]) && keep.test(t[e])) {
                neighbours[cursor[s[e]]++] = t[e];
                neighbours[cursor[t[e]]++] = s[e];
            }
        }
        for (int v = 0; v < nodeCount; v++) {
            Arrays.sort(neighbours, offsets[v], offsets[v + 1]);
        }
        return new Csr(nodeCount, offsets, neighbours);
    }
}
