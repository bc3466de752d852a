package org.graphsha.tools.bench;

import org.graphsha.evaluation.RankingMetrics;
import org.graphsha.evaluation.Scores;

/**
 * The best operating point a threshold on a two-class target's positive probability can reach on the test nodes
 * themselves. No decision rule fitted on the validation nodes can beat it, so when even this point misses a bar the
 * bar is the training's (its ranking), not the rule's.
 */
final class TestOracle {

    /** Test figures at one threshold, as fractions. */
    record Point(double balancedAccuracy, double macroF1, double precision, double recall, double f1) {

        static final Point NONE = new Point(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    private TestOracle() {}

    /**
     * The threshold with the largest positive-class F1 among those whose balanced accuracy is at least
     * {@code minBalancedAccuracy} (negative infinity: any threshold); {@link Point#NONE} when none qualifies or the
     * set lacks a positive or a negative node. Thresholds fall between distinct scores only, so tied nodes are
     * flagged together, as a real threshold would flag them.
     */
    static Point bestF1(Scores scores, int positive, double minBalancedAccuracy) {
        int n = scores.truth().length;
        boolean[] isPositive = new boolean[n];
        double[] score = new double[n];
        int positives = 0;
        for (int i = 0; i < n; i++) {
            isPositive[i] = scores.truth()[i] == positive;
            score[i] = scores.probabilities()[i][positive];
            positives += isPositive[i] ? 1 : 0;
        }
        int negatives = n - positives;
        if (positives == 0 || negatives == 0) {
            return Point.NONE;
        }
        RankingMetrics.Cuts cuts = RankingMetrics.cuts(isPositive, score);
        // Flagging nothing is a threshold too (above every score).
        Point best = qualifying(at(0, 0, positives, negatives), minBalancedAccuracy, Point.NONE);
        for (int j = 0; j < cuts.flagged().length; j++) {
            int tp = cuts.truePositives()[j];
            best = qualifying(at(tp, cuts.flagged()[j] - tp, positives, negatives), minBalancedAccuracy, best);
        }
        return best;
    }

    private static Point qualifying(Point at, double minBalancedAccuracy, Point best) {
        return at.balancedAccuracy() >= minBalancedAccuracy && !(at.f1() <= best.f1()) ? at : best;
    }

    /** The figures when the flagged nodes hold {@code tp} positives and {@code fp} negatives. */
    static Point at(int tp, int fp, int positives, int negatives) {
        int fn = positives - tp;
        int tn = negatives - fp;
        double recall = (double) tp / positives;
        double balanced = (recall + (double) tn / negatives) / 2;
        double precision = tp + fp == 0 ? 0 : (double) tp / (tp + fp);
        double f1 = 2.0 * tp / (2 * tp + fp + fn);
        double negativeF1 = 2.0 * tn / (2 * tn + fn + fp);
        return new Point(balanced, (f1 + negativeF1) / 2, precision, recall, f1);
    }
}
