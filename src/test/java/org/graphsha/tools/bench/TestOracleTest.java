package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graphsha.evaluation.Scores;
import org.junit.jupiter.api.Test;

class TestOracleTest {

    /** Ten nodes ranked by the positive class's probability; positives at ranks 1 and 5. */
    private static Scores ranked() {
        int[] truth = {1, 0, 0, 0, 1, 0, 0, 0, 0, 0};
        double[][] p = new double[10][];
        for (int i = 0; i < 10; i++) {
            double positive = 0.95 - 0.1 * i;
            p[i] = new double[] {1 - positive, positive};
        }
        return new Scores(truth, p);
    }

    @Test
    void theBestF1OfAllFlagsTheTopNodeAlone() {
        TestOracle.Point p = TestOracle.bestF1(ranked(), 1, Double.NEGATIVE_INFINITY);
        assertEquals(2.0 / 3, p.f1(), 1e-12);
        assertEquals(1.0, p.precision(), 1e-12);
        assertEquals(0.5, p.recall(), 1e-12);
        assertEquals(0.75, p.balancedAccuracy(), 1e-12);
        // Negative F1: tn 8, fn 1, fp 0 -> 16 / 17.
        assertEquals((2.0 / 3 + 16.0 / 17) / 2, p.macroF1(), 1e-12);
    }

    @Test
    void aBalancedAccuracyFloorMovesTheThresholdDown() {
        TestOracle.Point p = TestOracle.bestF1(ranked(), 1, 0.8);
        // The top five flagged: tp 2, fp 3 -> recall 1, TNR 5/8, F1 4/7.
        assertEquals(4.0 / 7, p.f1(), 1e-12);
        assertEquals((1 + 5.0 / 8) / 2, p.balancedAccuracy(), 1e-12);
        assertEquals(0.4, p.precision(), 1e-12);
    }

    @Test
    void tiedScoresAreFlaggedTogether() {
        Scores tied = new Scores(new int[] {1, 0, 0},
            new double[][] {{0.1, 0.9}, {0.1, 0.9}, {0.9, 0.1}});
        TestOracle.Point p = TestOracle.bestF1(tied, 1, Double.NEGATIVE_INFINITY);
        assertEquals(0.5, p.precision(), 1e-12);
        assertEquals(2.0 / 3, p.f1(), 1e-12);
    }

    @Test
    void noQualifyingThresholdOrNoPositiveGivesNaN() {
        assertTrue(Double.isNaN(TestOracle.bestF1(ranked(), 1, 0.95).f1()));
        Scores noPositive = new Scores(new int[] {0, 0}, new double[][] {{0.6, 0.4}, {0.7, 0.3}});
        assertTrue(Double.isNaN(TestOracle.bestF1(noPositive, 1, Double.NEGATIVE_INFINITY).f1()));
    }
}
