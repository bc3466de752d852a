package org.graphsha.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.graphsha.graph.Dataset;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.PublicSplit;
import org.junit.jupiter.api.Test;

class LongTailedSplitTest {

    private static SplitResult longTailed(Dataset d, double ratio) {
        return LongTailedSplit.compute(d.classes(), d.classCount(), d.publicSplit(), d.edges(), ratio);
    }

    @Test
    void coraMatchesTheReferenceTable() {
        Dataset cora = KnownDataset.CORA.readBundled(false);
        SplitResult split = longTailed(cora, 100);
        assertArrayEquals(new int[] {34, 7, 158, 341, 73, 15, 3}, split.countPerClass(SplitRole.TRAIN));
        assertArrayEquals(new int[] {61, 36, 78, 158, 81, 57, 29}, split.countPerClass(SplitRole.VAL));
        assertArrayEquals(new int[] {130, 91, 144, 319, 149, 103, 64}, split.countPerClass(SplitRole.TEST));
        assertEquals(577, sum(split.countPerClass(SplitRole.REMOVED)));
        assertEquals(7802, 2 * keptEdges(cora.edges(), split.roles()));
    }

    @Test
    void citeseerMatchesTheReferenceTable() {
        Dataset citeseer = KnownDataset.CITESEER.readBundled(false);
        SplitResult split = longTailed(citeseer, 100);
        assertArrayEquals(new int[] {3, 23, 371, 147, 58, 9}, split.countPerClass(SplitRole.TRAIN));
        assertArrayEquals(new int[] {29, 86, 116, 106, 94, 69}, split.countPerClass(SplitRole.VAL));
        assertArrayEquals(new int[] {77, 182, 181, 231, 169, 160}, split.countPerClass(SplitRole.TEST));
        assertEquals(1216, sum(split.countPerClass(SplitRole.REMOVED)));
        assertEquals(5736, 2 * keptEdges(citeseer.edges(), split.roles()));
    }

    @Test
    void coraKeepsTheTrainingNodesOfTheReferenceCudaRun() {
        SplitResult split = longTailed(KnownDataset.CORA.readBundled(false), 100);
        assertArrayEquals(ReferenceTrainingNodes.read("reference-train-cora-lt.txt"), ReferenceTrainingNodes.of(split));
    }

    @Test
    void citeseerKeepsTheTrainingNodesOfTheReferenceCudaRun() {
        // CiteSeer's few minority nodes are decided by the order among equal degrees
        SplitResult split = longTailed(KnownDataset.CITESEER.readBundled(false), 100);
        assertArrayEquals(ReferenceTrainingNodes.read("reference-train-citeseer-lt.txt"),
            ReferenceTrainingNodes.of(split));
    }

    @Test
    void isDeterministic() {
        Dataset cora = KnownDataset.CORA.readBundled(false);
        assertArrayEquals(longTailed(cora, 100).roles(), longTailed(cora, 100).roles());
    }

    @Test
    void lowerRatioRemovesFewerNodes() {
        Dataset cora = KnownDataset.CORA.readBundled(false);
        int removedAt10 = sum(longTailed(cora, 10).countPerClass(SplitRole.REMOVED));
        assertTrue(removedAt10 < 577, "ρ=10 removed " + removedAt10);
    }

    @Test
    void removesLowestDegreeNodesFirst() {
        // Class 0: nodes 0,1,2 (node 0 has two edges); class 1: nodes 3..5 form the majority.
        int[] classes = {0, 0, 0, 1, 1, 1, 1, 1, 1, 1};
        EdgeList edges = new EdgeList(new int[] {0, 0, 3}, new int[] {3, 4, 5});
        SplitResult split = LongTailedSplit.compute(classes, 2, noPublicSplit(classes.length), edges, 7);
        assertEquals(SplitRole.TRAIN, split.roles()[0]);
        assertEquals(SplitRole.REMOVED, split.roles()[1]);
        assertEquals(SplitRole.REMOVED, split.roles()[2]);
    }

    @Test
    void equalDegreesAreRemovedLowestIdFirst() {
        // The reference's CUDA topk fills the places left at the k-th degree with the equal values it
        // meets first in index order, so among tied nodes the lowest ids go. Class 0: four isolated nodes,
        // three of which must go (target 7 / 7 = 1); the highest id is the one kept.
        int[] classes = {0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1};
        SplitResult split = LongTailedSplit.compute(classes, 2, noPublicSplit(classes.length),
            new EdgeList(new int[0], new int[0]), 7);
        assertEquals(SplitRole.REMOVED, split.roles()[0]);
        assertEquals(SplitRole.REMOVED, split.roles()[1]);
        assertEquals(SplitRole.REMOVED, split.roles()[2]);
        assertEquals(SplitRole.TRAIN, split.roles()[3]);
    }

    @Test
    void rejectsRatioNotAboveOne() {
        Dataset cora = KnownDataset.CORA.readBundled(false);
        var error = assertThrows(IllegalArgumentException.class, () -> longTailed(cora, 1));
        assertTrue(error.getMessage().contains("imbalanceRatio"), error.getMessage());
    }

    @Test
    void rejectsClassWithoutTrainingNodes() {
        int[] classes = {0, 0, 1};
        PublicSplit[] splits = {PublicSplit.NONE, PublicSplit.NONE, PublicSplit.TEST};
        var error = assertThrows(IllegalArgumentException.class,
            () -> LongTailedSplit.compute(classes, 2, splits, new EdgeList(new int[0], new int[0]), 10));
        assertTrue(error.getMessage().contains("class index 1 has no nodes"), error.getMessage());
    }

    static int sum(int[] values) {
        return Arrays.stream(values).sum();
    }

    private static int keptEdges(EdgeList edges, SplitRole[] roles) {
        int kept = 0;
        for (int e = 0; e < edges.size(); e++) {
            if (roles[edges.sources()[e]] != SplitRole.REMOVED && roles[edges.targets()[e]] != SplitRole.REMOVED) {
                kept++;
            }
        }
        return kept;
    }

    /** Every node outside the public val and test sets, so every labeled node starts in training. */
    private static PublicSplit[] noPublicSplit(int nodes) {
        PublicSplit[] none = new PublicSplit[nodes];
        Arrays.fill(none, PublicSplit.NONE);
        return none;
    }
}
