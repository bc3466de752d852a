package org.graphsha.graph;

import java.util.Arrays;

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

    /** Node pairs, one call per relationship, in any order and orientation, repeats and self pairs included. */
    @FunctionalInterface
    public interface Pairs {
        void forEach(PairConsumer consumer);
    }

    @FunctionalInterface
    public interface PairConsumer {
        void accept(int a, int b);
    }

    /**
     * One undirected edge (smaller end, larger end) per connected pair of distinct nodes, ordered by the smaller end
     * and then the larger. {@code pairs} is read twice, to count each node's pairs and then to place them; each row
     * is sorted and its repeats dropped in place: two int arrays as long as the pairs, no boxed set, so a projection
     * of a hundred million relationships needs about 1 GB here rather than several.
     *
     * @throws IllegalArgumentException when the pairs do not fit one int-indexed array
     */
    public static EdgeList undirected(int nodeCount, Pairs pairs) {
        long[] counts = new long[nodeCount + 1];
        pairs.forEach((a, b) -> {
            if (a != b) {
                counts[Math.min(a, b) + 1]++;
            }
        });
        int[] offsets = new int[nodeCount + 1];
        for (int v = 0; v < nodeCount; v++) {
            long next = offsets[v] + counts[v + 1];
            if (next > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("the graph has more than " + (Integer.MAX_VALUE - 8)
                    + " relationships between distinct nodes; train on a smaller projection (nodeLabels, relationshipTypes)");
            }
            offsets[v + 1] = (int) next;
        }
        int[] larger = new int[offsets[nodeCount]];
        int[] cursor = Arrays.copyOf(offsets, nodeCount);
        pairs.forEach((a, b) -> {
            if (a != b) {
                larger[cursor[Math.min(a, b)]++] = Math.max(a, b);
            }
        });
        int kept = 0;
        int[] rowEnds = cursor;
        for (int v = 0; v < nodeCount; v++) {
            Arrays.sort(larger, offsets[v], offsets[v + 1]);
            for (int i = offsets[v]; i < offsets[v + 1]; i++) {
                if (i == offsets[v] || larger[i] != larger[i - 1]) {
                    larger[kept++] = larger[i];
                }
            }
            rowEnds[v] = kept;
        }
        int[] sources = new int[kept];
        for (int v = 0, e = 0; v < nodeCount; v++) {
            for (; e < rowEnds[v]; e++) {
                sources[e] = v;
            }
        }
        return new EdgeList(sources, Arrays.copyOf(larger, kept));
    }
}
