package org.graphsha.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GraphSnapshotTest {

    private static GraphSnapshot withClasses(int[] classes, int classCount) {
        int n = classes.length;
        return new GraphSnapshot(new Csr(n, new int[n + 1], new int[0]),
            new SparseFeatures(n, 0, new int[n + 1], new int[0], new float[0]), classes, classCount,
            new boolean[n], new boolean[n], new boolean[n]);
    }

    @Test
    void nodesByClassKeepTheGivenOrderAndEveryClass() {
        GraphSnapshot g = withClasses(new int[] {2, 0, 2, -1, 0, 2}, 4);
        assertArrayEquals(new int[][] {{1, 4}, {}, {0, 2, 5}, {}}, g.nodesByClass(new int[] {0, 1, 2, 4, 5}));
        assertArrayEquals(new int[][] {{4, 1}, {}, {5, 0}, {}}, g.nodesByClass(new int[] {5, 4, 0, 1}));
        assertArrayEquals(new int[][] {{}, {}, {}, {}}, g.nodesByClass(new int[0]));
    }

    @Test
    void aNodeWithoutAClassIsAnError() {
        GraphSnapshot g = withClasses(new int[] {0, -1}, 1);
        assertThrows(IllegalArgumentException.class, () -> g.nodesByClass(new int[] {0, 1}));
    }
}
