package org.graphsha.diffusion;

/**
 * Remembers which entries of a dense work vector became non-zero, so a per-source computation can
 * visit and reset only those: the cost stays proportional to the part of the graph it reached.
 */
final class SparseTouch {

    private final boolean[] seen;
    final int[] nodes;
    int count;

    SparseTouch(int nodeCount) {
        seen = new boolean[nodeCount];
        nodes = new int[nodeCount];
    }

    /** Records v once. */
    void add(int v) {
        if (!seen[v]) {
            seen[v] = true;
            nodes[count++] = v;
        }
    }

    /** Zeroes the touched entries of the given vectors and forgets them. */
    void clear(double[]... vectors) {
        for (int i = 0; i < count; i++) {
            int v = nodes[i];
            seen[v] = false;
            for (double[] vector : vectors) {
                vector[v] = 0;
            }
        }
        count = 0;
    }
}
