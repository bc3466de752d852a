package org.graphsha.synthesis.smote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;
import org.junit.jupiter.api.Test;

/** GraphSmote's SMOTE plan, nearest-neighbour choice and decoder edge rule on hand-made inputs. */
class GraphSmotePiecesTest {

    @Test
    void minorClassesAreFilledUpToTheMeanClassSize() {
        // Cora-LT: mean 631/7 = 90.14; classes 2 and 3 are above it.
        assertArrayEquals(new int[] {56, 83, 0, 0, 17, 75, 87},
            GraphSmotePlan.counts(new int[] {34, 7, 158, 341, 73, 15, 3}, 0));
        assertArrayEquals(new int[] {0, 0, 0}, GraphSmotePlan.counts(new int[] {5, 5, 5}, 0), "balanced: nothing to add");
        assertArrayEquals(new int[] {0, 0, 2}, GraphSmotePlan.counts(new int[] {0, 10, 2}, 0),
            "a class without training nodes cannot be interpolated");
    }

    @Test
    void anUpScaleGivesEachMinorClassThatMultipleOfItsTrainingNodes() {
        int[] coraLt = {34, 7, 158, 341, 73, 15, 3};
        assertArrayEquals(new int[] {34, 7, 0, 0, 73, 15, 3}, GraphSmotePlan.counts(coraLt, 1),
            "GraphSmote's default up_scale 1 doubles each minor class");
        assertArrayEquals(new int[] {85, 17, 0, 0, 182, 37, 7}, GraphSmotePlan.counts(coraLt, 2.5));
        int[][] nodesOf = {range(100, 110), range(0, 4)}; // sizes 10 and 4: class 1 is minor
        GraphSmotePlan plan = GraphSmotePlan.draw(nodesOf, 1.5, new SplittableRandom(3));
        assertEquals(6, plan.size());
        assertArrayEquals(range(0, 4), Arrays.copyOf(plan.anchors(), 4), "one full pass, then 2 drawn");
        assertTrue(plan.anchors()[4] != plan.anchors()[5]);
    }

    @Test
    void planRepeatsWholeClassesThenSamplesTheRemainderWithoutReplacement() {
        int[][] nodesOf = {range(100, 110), range(0, 3), range(20, 27)}; // sizes 10, 3, 7: mean 6.67
        GraphSmotePlan plan = GraphSmotePlan.draw(nodesOf, 0, new SplittableRandom(7));
        // class 1: floor(6.67 - 3) = 3 = one full pass; class 2 is above the mean.
        assertEquals(3, plan.size());
        assertArrayEquals(new int[] {0, 1, 2}, plan.anchors());
        assertArrayEquals(new int[] {1, 1, 1}, plan.classes());

        int[][] skewed = {range(0, 40), range(100, 107), range(200, 203)}; // mean 16.67: 9 and 13 more
        GraphSmotePlan p = GraphSmotePlan.draw(skewed, 0, new SplittableRandom(11));
        assertEquals(9 + 13, p.size());
        int[] fromClass1 = IntStream.range(0, p.size()).filter(i -> p.classes()[i] == 1).map(i -> p.anchors()[i]).toArray();
        assertEquals(9, fromClass1.length);
        // one full pass over the 7 nodes in order, then 2 distinct others
        assertArrayEquals(range(100, 107), Arrays.copyOf(fromClass1, 7));
        assertTrue(fromClass1[7] != fromClass1[8] && fromClass1[7] >= 100 && fromClass1[8] < 107);
        int[] fromClass2 = IntStream.range(0, p.size()).filter(i -> p.classes()[i] == 2).map(i -> p.anchors()[i]).toArray();
        assertEquals(13, fromClass2.length);
        for (int v : fromClass2) {
            assertTrue(v >= 200 && v < 203, "anchor " + v + " outside class 2");
        }
        Set<Float> deltasOfClass2 = new HashSet<>();
        IntStream.range(0, p.size()).filter(i -> p.classes()[i] == 2).forEach(i -> deltasOfClass2.add(p.deltas()[i]));
        assertEquals(1, deltasOfClass2.size(), "one δ per class and epoch");
        float delta = deltasOfClass2.iterator().next();
        assertTrue(delta >= 0 && delta < 1);
    }

    @Test
    void nearestNeighbourIsChosenWithinTheClassOnly() {
        // 1-d embeddings: node 4 (another class) is closest to node 0, but only 0, 2, 3 are in the class.
        float[] e = {0f, 9f, 5f, -3f, 0.1f};
        int[] classNodes = {0, 2, 3};
        assertEquals(3, GraphSmotePlan.nearestInClass(0, classNodes, e, 1));
        assertEquals(0, GraphSmotePlan.nearestInClass(3, classNodes, e, 1));
        // ties go to the smaller position: 0 and 2 are both at distance 2.5 from 2.5
        float[] tie = {0f, 0f, 5f, 2.5f};
        assertEquals(0, GraphSmotePlan.nearestInClass(3, new int[] {0, 2, 3}, tie, 1));
        assertEquals(7, GraphSmotePlan.nearestInClass(7, new int[] {7}, new float[16], 2), "single node pairs with itself");
        // 2-d: distance is over all coordinates
        float[] twoD = {0, 0, 3, 0, 2, 2};
        assertEquals(2, GraphSmotePlan.nearestInClass(0, new int[] {0, 1, 2}, twoD, 2));
    }

    @Test
    void candidatesAreTheUnionOfTheAnchorsAndPartnersNeighbours() {
        // path 0-1-2-3 plus edge 1-3 and an isolated node 4
        Csr csr = Csr.undirected(5, new EdgeList(new int[] {0, 1, 2, 1}, new int[] {1, 2, 3, 3}), v -> true);
        int[][] pairs = GraphSmoteEdges.candidates(csr, new int[] {0, 2, 4, 1}, new int[] {2, 2, 4, 3});
        // k=0: N(0)={1} ∪ N(2)={1,3}; k=1: partner is the anchor, N(2); k=2: isolated, none;
        // k=3: N(1)={0,2,3} ∪ N(3)={1,2}: 2 once, and 1 and 3 themselves, since they are adjacent
        assertArrayEquals(new int[] {0, 0, 1, 1, 3, 3, 3, 3}, pairs[0]);
        assertArrayEquals(new int[] {1, 3, 1, 3, 0, 1, 2, 3}, pairs[1]);
    }

    @Test
    void decoderKeepsCandidatesWithProbabilityAtLeastOneHalfInBothDirections() {
        assertTrue(GraphSmoteEdges.isEdge(0f), "σ(0) = 0.5 is an edge");
        assertTrue(GraphSmoteEdges.isEdge(3f));
        assertFalse(GraphSmoteEdges.isEdge(-1e-3f));
        // N = 5: synthetic node 0 at position 5, node 1 at 6
        int[][] pairs = {{0, 0, 1, 1}, {1, 3, 1, 2}};
        int[][] edges = GraphSmoteEdges.fromScores(pairs, new float[] {0f, -1f, 2f, -0.5f}, 5);
        assertArrayEquals(new int[] {1, 5, 1, 6}, edges[0]);
        assertArrayEquals(new int[] {5, 1, 6, 1}, edges[1]);
        assertThrows(IllegalArgumentException.class, () -> GraphSmoteEdges.fromScores(pairs, new float[3], 5));
    }

    private static int[] range(int from, int to) {
        return IntStream.range(from, to).toArray();
    }
}
