package org.graphsha.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.junit.jupiter.api.Test;

/** An ensemble member's own holdout: the masks of a call with its seed, on the graph the call already holds. */
class MemberHoldoutTest {

    private static final int N = 40;

    /** A ring of 40 nodes, classes 0/1/2 in turn, the last five unlabeled; one feature each. */
    private static TrainingData data(long seed) {
        int[] sources = new int[N];
        int[] targets = new int[N];
        Object[] classes = new Object[N];
        int[] offsets = new int[N + 1];
        int[] columns = new int[N];
        float[] values = new float[N];
        for (int v = 0; v < N; v++) {
            sources[v] = v;
            targets[v] = (v + 1) % N;
            classes[v] = v < N - 5 ? (Object) (long) (v % 3) : null;
            offsets[v + 1] = v + 1;
            values[v] = v % 3;
        }
        return TrainingData.of(new EdgeList(sources, targets), new SparseFeatures(N, 1, offsets, columns, values),
            classes, "class", null, null, 0.2, seed, v -> "#" + v);
    }

    @Test
    void aMembersHoldoutIsThatOfACallWithItsSeedAndSharesTheGraph() {
        TrainingData call = data(7);
        TrainingData member = call.withHoldout(0.2, 8);
        TrainingData callWithThatSeed = data(8);
        GraphSnapshot shared = member.snapshot();
        GraphSnapshot built = callWithThatSeed.snapshot();
        assertSame(call.snapshot().adjacency(), shared.adjacency());
        assertSame(call.snapshot().features(), shared.features());
        assertArrayEquals(built.adjacency().offsets(), shared.adjacency().offsets());
        assertArrayEquals(built.adjacency().neighbours(), shared.adjacency().neighbours());
        assertArrayEquals(built.trainMask(), shared.trainMask());
        assertArrayEquals(built.valMask(), shared.valMask());
        assertArrayEquals(built.testMask(), shared.testMask());
        assertArrayEquals(callWithThatSeed.roles(), member.roles());
        assertFalse(Arrays.equals(call.snapshot().valMask(), shared.valMask()), "another seed, other validation nodes");
    }

    @Test
    void rolesThatRemoveNodesNeedTheEdgeList() {
        TrainingData call = data(7);
        SplitRole[] roles = call.roles().clone();
        roles[3] = SplitRole.REMOVED;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Snapshots.withRoles(call.snapshot(), roles));
        assertTrue(e.getMessage().contains("node 3"), e.getMessage());
    }
}
