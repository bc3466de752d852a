package org.graphsha.training.augment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.graphsha.data.Snapshots;
import org.graphsha.data.SplitRole;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.MeanNodeBatch;
import org.graphsha.graph.SparseFeatures;
import org.junit.jupiter.api.Test;

/**
 * BAT's link rule on a graph small enough to work out by hand (docs/algorithm.md §10.3).
 *
 * <p>Three classes; nodes 0, 1 train in class 0, node 2 in class 1, node 3 in class 2 (class weights n_c / max
 * n_c: 1, 1/2, 1/2). Node 4 is a test node, 5 is unlabeled, 6 was removed by the split (its edge to 4 is
 * dropped). Edges: 0-1, 1-2, 1-4, 4-3, 4-5, 5-2. Logits give softmax rows with uncertainties 1 − max of
 * 0.2 (rows 0, 2, 3), 0.5 (rows 1, 5) and 2/3 (rows 4, 6).
 */
class VirtualClassLinksTest {

    private static final float LN2 = (float) Math.log(2);
    private static final float LN8 = (float) Math.log(8);

    private static final GraphSnapshot GRAPH = Snapshots.of(
        new EdgeList(new int[] {0, 1, 1, 4, 4, 5, 6}, new int[] {1, 2, 4, 3, 5, 2, 4}),
        new SparseFeatures(7, 2, new int[] {0, 1, 2, 3, 4, 5, 6, 7}, new int[] {0, 1, 0, 1, 0, 1, 0},
            new float[] {1, 2, 3, 4, 5, 6, 7}),
        new int[] {0, 0, 1, 2, 0, -1, 0}, 3,
        new SplitRole[] {SplitRole.TRAIN, SplitRole.TRAIN, SplitRole.TRAIN, SplitRole.TRAIN, SplitRole.TEST,
            SplitRole.NONE, SplitRole.REMOVED});

    private static final float[] LOGITS = {
        LN8, 0, 0,
        LN2, 0, 0,
        0, LN8, 0,
        0, 0, LN8,
        0, 0, 0,
        0, LN2, 0,
        0, 0, 0};

    /** Node 1 is predicted in class 1, but it trains in class 0, so ŷ_1 = 0; node 4 is predicted in class 0. */
    private static final int[] PREDICTIONS = {0, 1, 1, 2, 0, 1, 0};

    @Test
    void trainingNodesKeepTheirLabelOthersTheirPrediction() {
        VirtualClassLinks links = new VirtualClassLinks(GRAPH, VirtualClassNodes.BAT1);
        assertArrayEquals(new int[] {0, 0, 1, 2, 0, 1, 0}, links.assignedClasses(PREDICTIONS));
    }

    /**
     * Mean uncertainty per ŷ over the nodes taking part (not 6): class 0 (nodes 0, 1, 4) (0.2 + 0.5 + 2/3) / 3,
     * class 1 (2, 5) 0.35, class 2 (3) 0.2. Risks: node 1 0.5 − 0.45556 = 0.04444; node 4 2/3 − 0.45556 =
     * 0.21111; node 5 (0.5 − 0.35)·1/2 = 0.075; nodes 0, 2, 3 are no less certain than their class: 0.
     */
    @Test
    void bat0SpreadsTheRiskOverTheNodesOwnProbabilitiesOfTheOtherClasses() {
        VirtualClassLinks links = new VirtualClassLinks(GRAPH, VirtualClassNodes.BAT0);
        double[] p = links.linkProbabilities(LOGITS, links.assignedClasses(PREDICTIONS));
        double risk1 = 0.5 - (0.2 + 0.5 + 2.0 / 3) / 3;
        double risk4 = 2.0 / 3 - (0.2 + 0.5 + 2.0 / 3) / 3;
        // Node 1: softmax (1/2, 1/4, 1/4) without its own class 0 → (0, 1/2, 1/2). Node 4: uniform → (0, 1/2, 1/2).
        // Node 5: (1/4, 1/2, 1/4) without class 1 → (1/2, 0, 1/2).
        assertArrayEquals(new double[] {
            0, 0, 0,
            0, risk1 / 2, risk1 / 2,
            0, 0, 0,
            0, 0, 0,
            0, risk4 / 2, risk4 / 2,
            0.0375, 0, 0.0375,
            0, 0, 0}, p, 1e-6);
    }

    @Test
    void bat1SpreadsTheRiskOverTheClassesOfTheNeighbours() {
        VirtualClassLinks links = new VirtualClassLinks(GRAPH, VirtualClassNodes.BAT1);
        double[] p = links.linkProbabilities(LOGITS, links.assignedClasses(PREDICTIONS));
        double risk1 = 0.5 - (0.2 + 0.5 + 2.0 / 3) / 3;
        double risk4 = 2.0 / 3 - (0.2 + 0.5 + 2.0 / 3) / 3;
        // Node 1's neighbours 0, 2, 4 have ŷ 0, 1, 0: only class 1 is not its own. Node 4's neighbours 1, 3, 5 have
        // ŷ 0, 2, 1: classes 1 and 2 share. Node 5's neighbours 4, 2 have ŷ 0, 1: class 0 takes it all.
        assertArrayEquals(new double[] {
            0, 0, 0,
            0, risk1, 0,
            0, 0, 0,
            0, 0, 0,
            0, risk4 / 2, risk4 / 2,
            0.075, 0, 0,
            0, 0, 0}, p, 1e-6);
    }

    @Test
    void virtualNodesAverageTheNodesOfTheirClassAndLeaveTheRemovedOut() {
        VirtualClassLinks links = new VirtualClassLinks(GRAPH, VirtualClassNodes.BAT1);
        links.beforeStep(0, LOGITS, PREDICTIONS, new SplittableRandom(1));
        MeanNodeBatch batch = links.nodes();
        assertArrayEquals(new int[] {0, 1, 2}, batch.classes());
        assertArrayEquals(new int[] {0, 3, 5, 6}, batch.memberOffsets());
        assertArrayEquals(new int[] {0, 1, 4, 2, 5, 3}, batch.members());
        for (int i = 0; i < batch.linkCount(); i++) {
            int node = batch.linkedNodes()[i];
            assertTrue(node == 1 || node == 4 || node == 5, "only risky nodes link, got " + node);
        }
    }

    @Test
    void linksAreDrawnWithTheirProbabilitiesAndReproducibly() {
        VirtualClassLinks links = new VirtualClassLinks(GRAPH, VirtualClassNodes.BAT1);
        int draws = 20_000;
        int[] counts = new int[7 * 3];
        SplittableRandom random = new SplittableRandom(11);
        for (int d = 0; d < draws; d++) {
            links.beforeStep(0, LOGITS, PREDICTIONS, random);
            MeanNodeBatch b = links.nodes();
            for (int i = 0; i < b.linkCount(); i++) {
                counts[b.linkedNodes()[i] * 3 + b.classes()[b.linkedMeanNodes()[i]]]++;
            }
        }
        double[] p = links.linkProbabilities(LOGITS, links.assignedClasses(PREDICTIONS));
        for (int i = 0; i < counts.length; i++) {
            // Four standard deviations of a binomial frequency, plus one draw.
            double tolerance = 4 * Math.sqrt(p[i] * (1 - p[i]) / draws) + 1.0 / draws;
            assertEquals(p[i], (double) counts[i] / draws, tolerance, "node " + i / 3 + ", class " + i % 3);
        }
        VirtualClassLinks again = new VirtualClassLinks(GRAPH, VirtualClassNodes.BAT1);
        links.beforeStep(0, LOGITS, PREDICTIONS, new SplittableRandom(5));
        again.beforeStep(0, LOGITS, PREDICTIONS, new SplittableRandom(5));
        assertEquals(links.nodes().linkCount(), again.nodes().linkCount());
        assertArrayEquals(links.nodes().linkedNodes(), again.nodes().linkedNodes());
        assertArrayEquals(links.nodes().linkedMeanNodes(), again.nodes().linkedMeanNodes());
    }

    @Test
    void aClassWithoutTrainingNodesGetsNoVirtualNodeAndNoLinks() {
        // Class 2 loses its only training node (3 becomes a validation node).
        GraphSnapshot graph = Snapshots.of(new EdgeList(new int[] {0, 1, 1, 4, 4, 5}, new int[] {1, 2, 4, 3, 5, 2}),
            GRAPH.features(), new int[] {0, 0, 1, 2, 0, -1, 0}, 3,
            new SplitRole[] {SplitRole.TRAIN, SplitRole.TRAIN, SplitRole.TRAIN, SplitRole.VAL, SplitRole.TEST,
                SplitRole.NONE, SplitRole.REMOVED});
        VirtualClassLinks links = new VirtualClassLinks(graph, VirtualClassNodes.BAT0);
        double[] p = links.linkProbabilities(LOGITS, links.assignedClasses(PREDICTIONS));
        for (int v = 0; v < 7; v++) {
            assertEquals(0, p[v * 3 + 2], "node " + v + " links to class 2");
        }
        links.beforeStep(0, LOGITS, PREDICTIONS, new SplittableRandom(1));
        assertArrayEquals(new int[] {0, 1}, links.nodes().classes());
    }

    @Test
    void noneDrawsNothing() {
        VirtualClassLinks links = new VirtualClassLinks(GRAPH, VirtualClassNodes.NONE);
        links.beforeStep(0, LOGITS, PREDICTIONS, new SplittableRandom(1));
        assertEquals(0, links.nodes().size());
    }
}
