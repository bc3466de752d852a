package org.graphsha.graph;

import java.util.Arrays;

/**
 * One epoch's mean nodes: labelled nodes that a per-epoch augmentation adds to the training step's graph (BAT's
 * virtual class nodes, docs/algorithm.md §10.3). They follow the original and the synthetic nodes: node k sits at
 * position N+M+k of the augmented graph, where M is the epoch's synthetic batch size, and carries class
 * {@code classes[k]}. Its features are the mean of the original rows
 * {@code members[memberOffsets[k] .. memberOffsets[k+1])}. Each link e joins original node {@code linkedNodes[e]}
 * and mean node {@code linkedMeanNodes[e]} in both directions.
 */
public record MeanNodeBatch(int[] classes, int[] memberOffsets, int[] members, int[] linkedNodes,
                            int[] linkedMeanNodes) {

    public static final MeanNodeBatch EMPTY =
        new MeanNodeBatch(new int[0], new int[] {0}, new int[0], new int[0], new int[0]);

    public MeanNodeBatch {
        int k = classes.length;
        if (memberOffsets.length != k + 1 || memberOffsets[0] != 0 || memberOffsets[k] != members.length) {
            throw new IllegalArgumentException("mean node member offsets do not match " + k + " mean nodes and "
                + members.length + " members");
        }
        for (int i = 0; i < k; i++) {
            // A mean node without members would have no features to average.
            if (memberOffsets[i + 1] <= memberOffsets[i]) {
                throw new IllegalArgumentException("mean node " + i + " has no member nodes");
            }
        }
        if (linkedNodes.length != linkedMeanNodes.length) {
            throw new IllegalArgumentException("mean node link arrays differ in length");
        }
        for (int v : linkedMeanNodes) {
            if (v < 0 || v >= k) {
                throw new IllegalArgumentException("link to mean node " + v + ", outside 0.." + (k - 1));
            }
        }
    }

    /** This batch followed by {@code next}: the nodes and links of several augmentations, in their order. */
    public MeanNodeBatch followedBy(MeanNodeBatch next) {
        if (next.size() == 0) {
            return this;
        }
        if (size() == 0) {
            return next;
        }
        int k = size();
        int[] offsets = new int[k + next.size() + 1];
        System.arraycopy(memberOffsets, 0, offsets, 0, k + 1);
        for (int i = 1; i <= next.size(); i++) {
            offsets[k + i] = members.length + next.memberOffsets[i];
        }
        int[] shifted = next.linkedMeanNodes.clone();
        for (int e = 0; e < shifted.length; e++) {
            shifted[e] += k;
        }
        return new MeanNodeBatch(concat(classes, next.classes), offsets, concat(members, next.members),
            concat(linkedNodes, next.linkedNodes), concat(linkedMeanNodes, shifted));
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    public int size() {
        return classes.length;
    }

    public int linkCount() {
        return linkedNodes.length;
    }
}
