package org.graphsha.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Ranking metrics on a hand-made set with ties, the values worked out by hand below (scikit-learn's
 * average_precision_score and roc_auc_score define the same quantities).
 */
class RankingMetricsTest {

    // Six nodes, three positive; 0.8 and 0.5 are each shared by a positive and a negative.
    private static final double[] SCORE = {0.9, 0.8, 0.8, 0.5, 0.5, 0.2};
    private static final boolean[] POSITIVE = {true, true, false, false, true, false};

    @Test
    void averagePrecisionStepsOncePerDistinctScore() {
        // Thresholds 0.9, 0.8, 0.5, 0.2 flag 1, 3, 5, 6 nodes holding 1, 2, 3, 3 positives:
        // (P, R) = (1, 1/3), (2/3, 2/3), (3/5, 1), (1/2, 1); AP = 1/3·1 + 1/3·2/3 + 1/3·3/5 + 0 = 34/45.
        assertEquals(34.0 / 45, RankingMetrics.averagePrecision(POSITIVE, SCORE), 1e-12);
        // Stepping node by node with the tied positive first would give 1/3 + 1/3 + 1/3·3/5 = 13/15 instead;
        // swapping the tied nodes must not change the value either.
        boolean[] swapped = {true, false, true, true, false, false};
        assertEquals(34.0 / 45, RankingMetrics.averagePrecision(swapped, SCORE), 1e-12);
    }

    @Test
    void rocAucCountsTiesAsHalf() {
        // Positive 0.9 beats all three negatives (3); 0.8 ties 0.8 and beats 0.5, 0.2 (2.5); 0.5 loses to 0.8, ties
        // 0.5, beats 0.2 (1.5): 7 of 9 pairs.
        assertEquals(7.0 / 9, RankingMetrics.rocAuc(POSITIVE, SCORE), 1e-12);
        // All scores equal: every pair a tie.
        assertEquals(0.5, RankingMetrics.rocAuc(new boolean[] {true, false, false}, new double[] {1, 1, 1}), 1e-12);
    }

    @Test
    void precisionAtTheNumberOfPositivesBreaksTiesByNodeOrder() {
        // k = 3 positives; the top three are nodes 0, 1 (positive) and 2 (negative).
        assertEquals(2.0 / 3, RankingMetrics.precisionAtK(POSITIVE, SCORE), 1e-12);
        // The k-th place (k = 2) is a tie between nodes 1 and 2 at 0.5: node 1, the earlier, takes it.
        double[] tie = {0.9, 0.5, 0.5, 0.1};
        assertEquals(0.5, RankingMetrics.precisionAtK(new boolean[] {true, false, true, false}, tie), 1e-12);
        assertEquals(1.0, RankingMetrics.precisionAtK(new boolean[] {true, true, false, false}, tie), 1e-12);
    }

    @Test
    void aClassAbsentFromTheSetLeavesTheUndefinedMetricsNaN() {
        boolean[] none = {false, false};
        double[] score = {0.3, 0.7};
        assertTrue(Double.isNaN(RankingMetrics.averagePrecision(none, score)));
        assertTrue(Double.isNaN(RankingMetrics.rocAuc(none, score)));
        assertTrue(Double.isNaN(RankingMetrics.precisionAtK(none, score)));
        boolean[] all = {true, true};
        // Only positives: precision is 1 at every threshold, but there is no negative to rank below them.
        assertEquals(1.0, RankingMetrics.averagePrecision(all, score), 1e-12);
        assertEquals(1.0, RankingMetrics.precisionAtK(all, score), 1e-12);
        assertTrue(Double.isNaN(RankingMetrics.rocAuc(all, score)));
    }

    @Test
    void mismatchedLengthsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> RankingMetrics.averagePrecision(new boolean[] {true, false, true}, new double[] {0.1, 0.2}));
        assertEquals("y_true and the scores differ in length: 3 vs 2", e.getMessage());
        IllegalArgumentException rows = assertThrows(IllegalArgumentException.class,
            () -> Metrics.ranking(new int[] {0, 1}, new double[][] {{0.5, 0.5}}, 1));
        assertEquals("y_true and the probability rows differ in length: 2 vs 1", rows.getMessage());
        // A diverged model's NaN scores rank nothing, without failing the call that reports them.
        assertTrue(Double.isNaN(RankingMetrics.rocAuc(new boolean[] {true, false}, new double[] {Double.NaN, 0.2})));
    }

    @Test
    void rankingReadsThePositiveClassColumn() {
        int[] truth = {1, 1, 0, 0, 1, 0};
        double[][] p = new double[SCORE.length][];
        for (int i = 0; i < p.length; i++) {
            p[i] = new double[] {1 - SCORE[i], SCORE[i]};
        }
        Ranking r = Metrics.ranking(truth, p, 1);
        assertEquals(1, r.positiveClass());
        assertEquals(3, r.k());
        assertEquals(34.0 / 45, r.averagePrecision(), 1e-12);
        assertEquals(7.0 / 9, r.rocAuc(), 1e-12);
        assertEquals(2.0 / 3, r.precisionAtK(), 1e-12);
        // Flagging class 0 ranks by column 0: ROC-AUC is symmetric under swapping the classes and the order.
        assertEquals(7.0 / 9, Metrics.ranking(truth, p, 0).rocAuc(), 1e-12);
    }

    @Test
    void theFlaggedClassIsTheOneWithFewerTrainingLabelsAndTheLaterOnATie() {
        assertEquals(1, Metrics.minorityClass(new int[] {50, 8}));
        assertEquals(0, Metrics.minorityClass(new int[] {8, 50}));
        assertEquals(1, Metrics.minorityClass(new int[] {20, 20}));
        assertEquals(2, Metrics.minorityClass(new int[] {9, 30, 9}));
    }

    @Test
    void anEvaluationKeepsScoresForTwoClassesOnly() {
        int[] truth = {0, 1, 1};
        int[] predicted = {0, 1, 0};
        double[][] two = {{0.9, 0.1}, {0.2, 0.8}, {0.6, 0.4}};
        Evaluation e = Metrics.evaluate(truth, predicted, two, 2);
        // Positive 0.8 and 0.4 against negative 0.1: both pairs won.
        assertEquals(1.0, e.ranking(1).rocAuc(), 1e-12);
        double[][] three = {{0.8, 0.1, 0.1}, {0.1, 0.8, 0.1}, {0.5, 0.3, 0.2}};
        assertNull(Metrics.evaluate(truth, predicted, three, 3).ranking(1));
    }
}
