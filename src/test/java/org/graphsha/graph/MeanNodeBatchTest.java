package org.graphsha.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The mean nodes of several augmentations, one batch after the other. */
class MeanNodeBatchTest {

    /** Mean node 0 of class 2 averages nodes 0 and 1 and links to node 4; node 1 of class 0 averages node 3. */
    private static final MeanNodeBatch FIRST = new MeanNodeBatch(new int[] {2, 0}, new int[] {0, 2, 3},
        new int[] {0, 1, 3}, new int[] {4, 5}, new int[] {0, 1});
    /** One mean node of class 1 averaging nodes 2 and 5, linked to nodes 0 and 1. */
    private static final MeanNodeBatch SECOND = new MeanNodeBatch(new int[] {1}, new int[] {0, 2},
        new int[] {2, 5}, new int[] {0, 1}, new int[] {0, 0});

    @Test
    void theSecondBatchsNodesAndLinksFollowTheFirsts() {
        MeanNodeBatch both = FIRST.followedBy(SECOND);
        assertArrayEquals(new int[] {2, 0, 1}, both.classes());
        assertArrayEquals(new int[] {0, 2, 3, 5}, both.memberOffsets());
        assertArrayEquals(new int[] {0, 1, 3, 2, 5}, both.members());
        assertArrayEquals(new int[] {4, 5, 0, 1}, both.linkedNodes());
        assertArrayEquals(new int[] {0, 1, 2, 2}, both.linkedMeanNodes());
    }

    @Test
    void anEmptyBatchOnEitherSideLeavesTheOtherAsItIs() {
        assertSame(FIRST, FIRST.followedBy(MeanNodeBatch.EMPTY));
        assertSame(SECOND, MeanNodeBatch.EMPTY.followedBy(SECOND));
    }
}
