package org.graphsha.graph;

/**
 * Undirected edges as two parallel arrays, one entry per edge (not per direction).
 * Consumers that need message directions expand each entry into both.
 */
public record EdgeList(int[] sources, int[] targets) {

    public EdgeList {
        if (sources.length != targets.length) {
            throw new IllegalArgumentException("sources and targets differ in length: "
                + sources.length + " vs " + targets.length);
        }
    }

    public int size() {
        return sources.length;
    }
}
