package org.graphsha.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

class EdgeListTest {

    @Test
    void bothOrientationsRepeatsAndSelfPairsBecomeOneEdgePerPair() {
        int[][] pairs = {{2, 0}, {0, 2}, {1, 1}, {3, 1}, {2, 0}, {1, 3}, {0, 3}, {4, 4}};
        EdgeList edges = EdgeList.undirected(5, sink -> {
            for (int[] p : pairs) {
                sink.accept(p[0], p[1]);
            }
        });
        assertArrayEquals(new int[] {0, 0, 1}, edges.sources());
        assertArrayEquals(new int[] {2, 3, 3}, edges.targets());
    }

    /** Against a set of (smaller, larger) pairs on a random multigraph with both orientations and loops. */
    @Test
    void aRandomMultigraphGivesTheSortedDistinctPairs() {
        int n = 300;
        SplittableRandom random = new SplittableRandom(9);
        int[][] pairs = new int[5000][];
        TreeSet<Long> expected = new TreeSet<>();
        for (int i = 0; i < pairs.length; i++) {
            int a = random.nextInt(n);
            int b = random.nextInt(n);
            pairs[i] = new int[] {a, b};
            if (a != b) {
                expected.add((long) Math.min(a, b) * n + Math.max(a, b));
            }
        }
        EdgeList edges = EdgeList.undirected(n, sink -> {
            for (int[] p : pairs) {
                sink.accept(p[0], p[1]);
            }
        });
        assertEquals(expected.size(), edges.size());
        int e = 0;
        for (long pair : expected) {
            assertEquals(pair / n, edges.sources()[e], "edge " + e);
            assertEquals(pair % n, edges.targets()[e], "edge " + e);
            e++;
        }
    }

    @Test
    void noPairsNoEdges() {
        EdgeList edges = EdgeList.undirected(4, sink -> sink.accept(2, 2));
        assertEquals(0, edges.size());
    }
}
