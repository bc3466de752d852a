package org.graphsha.graph;

/**
 * One epoch's virtual class nodes (BAT, docs/algorithm.md §10.3). They follow the original and the synthetic
 * nodes: virtual node k sits at position N+M+k of the augmented graph, where M is the epoch's synthetic batch
 * size, and carries class {@code classes[k]}. Its features are the mean of the original rows
 * {@code members[memberOffsets[k] .. memberOffsets[k+1])}. Each link e joins original node
 * {@code linkedNodes[e]} and virtual node {@code linkedVirtual[e]} in both directions.
 */
public record VirtualClassBatch(int[] classes, int[] memberOffsets, int[] members, int[] linkedNodes,
                                int[] linkedVirtual) {

    public static final VirtualClassBatch EMPTY =
        new VirtualClassBatch(new int[0], new int[] {0}, new int[0], new int[0], new int[0]);

    public VirtualClassBatch {
        int k = classes.length;
        if (memberOffsets.length != k + 1 || memberOffsets[0] != 0 || memberOffsets[k] != members.length) {
            throw new IllegalArgumentException("virtual node member offsets do not match " + k + " virtual nodes and "
                + members.length + " members");
        }
        for (int i = 0; i < k; i++) {
            // A virtual node without members would have no features to average.
            if (memberOffsets[i + 1] <= memberOffsets[i]) {
                throw new IllegalArgumentException("virtual node " + i + " has no member nodes");
            }
        }
        if (linkedNodes.length != linkedVirtual.length) {
            throw new IllegalArgumentException("virtual link arrays differ in length");
        }
        for (int v : linkedVirtual) {
            if (v < 0 || v >= k) {
                throw new IllegalArgumentException("virtual link to node " + v + ", outside 0.." + (k - 1));
            }
        }
    }

    public int size() {
        return classes.length;
    }

    public int linkCount() {
        return linkedNodes.length;
    }
}
