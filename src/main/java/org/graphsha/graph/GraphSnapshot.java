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

    /** How many of the given nodes each class has. Every node must have a class in 0..classCount-1. */
    public int[] classCounts(int[] nodes) {
        int[] counts = new int[classCount];
        for (int v : nodes) {
            int c = classes[v];
            if (c < 0 || c >= classCount) {
                throw new IllegalArgumentException("node " + v + " has class " + c + ", outside 0.."
                    + (classCount - 1));
            }
            counts[c]++;
        }
        return counts;
    }

    /**
     * The given nodes grouped by class: row c holds the nodes of class c in the order given (ascending
     * for the training nodes of {@code Trainer} and the synthesizers), and is empty for a class none of
     * them has. Every node must have a class in 0..classCount-1.
     */
    public int[][] nodesByClass(int[] nodes) {
        int[] sizes = classCounts(nodes);
        int[][] byClass = new int[classCount][];
        for (int c = 0; c < classCount; c++) {
            byClass[c] = new int[sizes[c]];
        }
        int[] fill = new int[classCount];
        for (int v : nodes) {
            int c = classes[v];
            byClass[c][fill[c]++] = v;
        }
        return byClass;
    }
}
