package org.graphsha.nn;

import java.util.Arrays;

import org.graphsha.graph.Csr;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.graph.MeanNodeBatch;

/**
 * The directed message edges a forward pass uses (edge e sends from {@code sources[e]} to
 * {@code targets[e]}), without self-loops: GCN and GAT add exactly one per node themselves, SAGE
 * uses none (docs/algorithm.md §2).
 */
public record MessageGraph(int nodeCount, int[] sources, int[] targets) {

    public int edgeCount() {
        return sources.length;
    }

    /** Every CSR entry v→u of the symmetric adjacency becomes one message edge. */
    public static MessageGraph of(Csr csr) {
        return augmented(csr, SyntheticBatch.EMPTY);
    }

    /** The original edges followed by the batch's synthetic edges; the graph has N + M nodes. */
    public static MessageGraph augmented(Csr csr, SyntheticBatch batch) {
        return augmented(csr, batch, MeanNodeBatch.EMPTY);
    }

    /**
     * The original edges, the batch's synthetic edges, then each mean node link as two edges (node to mean
     * node, mean node to node); the graph has N + M + K nodes, mean node k at N + M + k.
     */
    public static MessageGraph augmented(Csr csr, SyntheticBatch batch, MeanNodeBatch meanNodes) {
        int n = csr.nodeCount();
        int[] offsets = csr.offsets();
        int[] neighbours = csr.neighbours();
        int extra = batch.edgeSources().length + 2 * meanNodes.linkCount();
        int[] s = new int[neighbours.length + extra];
        int[] t = new int[neighbours.length + extra];
        int e = 0;
        for (int v = 0; v < n; v++) {
            for (int k = offsets[v]; k < offsets[v + 1]; k++) {
                if (neighbours[k] != v) {
                    s[e] = neighbours[k];
                    t[e] = v;
                    e++;
                }
            }
        }
        int total = n + batch.size();
        for (int k = 0; k < batch.edgeSources().length; k++) {
            int from = batch.edgeSources()[k];
            int to = batch.edgeTargets()[k];
            if (from < 0 || to < 0 || from >= total || to >= total) {
                throw new IllegalArgumentException("synthetic edge " + from + " -> " + to
                    + " leaves the augmented graph of " + total + " nodes");
            }
            if (from != to) {
                s[e] = from;
                t[e] = to;
                e++;
            }
        }
        for (int k = 0; k < meanNodes.linkCount(); k++) {
            int node = meanNodes.linkedNodes()[k];
            if (node < 0 || node >= n) {
                throw new IllegalArgumentException("mean node link from node " + node + ", outside 0.." + (n - 1));
            }
            int position = total + meanNodes.linkedMeanNodes()[k];
            s[e] = node;
            t[e] = position;
            e++;
            s[e] = position;
            t[e] = node;
            e++;
        }
        total += meanNodes.size();
        if (e < s.length) {
            s = Arrays.copyOf(s, e);
            t = Arrays.copyOf(t, e);
        }
        return new MessageGraph(total, s, t);
    }

    public int[] inDegrees() {
        int[] deg = new int[nodeCount];
        for (int target : targets) {
            deg[target]++;
        }
        return deg;
    }
}
