package org.graphsha.training.ensemble;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.evaluation.Evaluation;
import org.junit.jupiter.api.Test;

class HeldOutMeanTest {

    /** Three nodes, two classes; member A held out nodes 0 and 1, member B nodes 1 and 2. */
    @Test
    void scoresEachNodeByTheMembersThatHeldItOut() {
        HeldOutMean mean = new HeldOutMean(3, 2);
        // A: node 0 -> class 0, node 1 -> class 1 (0.73), node 2 -> class 1 (not held out by A, must not count).
        mean.add(new float[] {2f, 0f, 0f, 1f, -5f, 5f}, new double[2], new boolean[] {true, true, false});
        // B: node 1 -> class 0 (0.95), node 2 -> class 0.
        mean.add(new float[] {0f, 9f, 3f, 0f, 1f, 0f}, new double[2], new boolean[] {false, true, true});
        // Truth 0, 0, 0: node 0 right (A), node 1 right (mean of 0.27 and 0.95 for class 0), node 2 right (B only).
        Evaluation all = mean.evaluate(new int[] {0, 0, 0}, 2);
        assertEquals(1.0, all.accuracy(), 1e-12);
        // Truth 0, 1, 1: node 1 and node 2 are now wrong.
        Evaluation flipped = mean.evaluate(new int[] {0, 1, 1}, 2);
        assertEquals(1.0 / 3, flipped.accuracy(), 1e-12);
    }

    @Test
    void leavesOutNodesNoMemberHeldOut() {
        HeldOutMean mean = new HeldOutMean(3, 2);
        mean.add(new float[] {2f, 0f, 0f, 1f, 0f, 1f}, new double[2], new boolean[] {true, false, false});
        // Node 1 would count as wrong (its empty sum's argmax is class 0, its truth 1), so a perfect score means
        // only node 0 was scored.
        assertEquals(1.0, mean.evaluate(new int[] {0, 1, 0}, 2).accuracy(), 1e-12);
    }

    /** The scores of a two-class target are each node's mean over the members that held it out. */
    @Test
    void keepsTheHeldOutMeansAsScoresForTwoClasses() {
        HeldOutMean mean = new HeldOutMean(3, 2);
        mean.add(new float[] {2f, 0f, 0f, 1f, -5f, 5f}, new double[2], new boolean[] {true, true, false});
        mean.add(new float[] {0f, 9f, 3f, 0f, 1f, 0f}, new double[2], new boolean[] {false, true, true});
        Evaluation e = mean.evaluate(new int[] {0, 1, 1}, 2);
        double[][] p = e.scores().probabilities();
        // Class 1: node 0 σ(−2) from A alone; node 1 (σ(1) + σ(−3)) / 2 from both; node 2 σ(−1) from B alone.
        assertEquals(sigmoid(-2), p[0][1], 1e-7);
        assertEquals((sigmoid(1) + sigmoid(-3)) / 2, p[1][1], 1e-7);
        assertEquals(sigmoid(-1), p[2][1], 1e-7);
        // Both class-1 nodes (0.39, 0.27) rank above the class-0 node (0.12).
        assertEquals(1.0, e.ranking(1).rocAuc(), 1e-12);
    }

    private static double sigmoid(double x) {
        return 1 / (1 + Math.exp(-x));
    }
}
