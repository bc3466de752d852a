package org.graphsha.graph;

/**
 * A node-classification dataset as shipped in files: node i has class {@code classes[i]} in
 * 0..classCount-1 and the public split {@code publicSplit[i]}.
 */
public record Dataset(
    String name,
    int[] classes,
    int classCount,
    PublicSplit[] publicSplit,
    EdgeList edges,
    SparseFeatures features
) {
    public int nodeCount() {
        return classes.length;
    }
}
