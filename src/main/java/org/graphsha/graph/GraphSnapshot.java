package org.graphsha.graph;

/**
 * Everything the learning core needs, free of database types. Node positions 0..N-1 are the
 * snapshot's own; callers keep the mapping back to their ids. Removed long-tailed nodes are simply
 * nodes without edges and without a mask.
 *
 * @param classes class index per node, -1 where unknown
 */
public record GraphSnapshot(
    Csr adjacency,
    SparseFeatures features,
    int[] classes,
    int classCount,
    boolean[] trainMask,
    boolean[] valMask,
    boolean[] testMask
) {
    public int nodeCount() {
        return classes.length;
    }
}
