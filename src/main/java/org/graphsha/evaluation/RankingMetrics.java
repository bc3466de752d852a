package org.graphsha.evaluation;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Ranking metrics of one binary labelling (docs/algorithm.md §3.1): {@code positive[i]} says whether node i belongs
 * to the flagged class, {@code score[i]} is how strongly it is flagged. Each is NaN where undefined, and when a
 * score is NaN.
 */
public final class RankingMetrics {

    private RankingMetrics() {}

    /**
     * Average precision, scikit-learn's {@code average_precision_score}: Σ_n (R_n − R_{n−1})·P_n over the distinct
     * scores taken as thresholds from the highest down, where P_n and R_n are the precision and recall of flagging
     * every node scored at least the n-th threshold (R_0 = 0). Tied nodes enter together, at one threshold, so their
     * order does not matter. NaN without a positive node.
     */
    public static double averagePrecision(boolean[] positive, double[] score) {
        requireSameLength(positive, score);
        int positives = positives(positive);
        if (positives == 0 || anyNaN(score)) {
            return Double.NaN;
        }
        Cuts cuts = cuts(positive, score);
        double sum = 0;
        double previousRecall = 0;
        for (int j = 0; j < cuts.flagged().length; j++) {
            double recall = (double) cuts.truePositives()[j] / positives;
            sum += (recall - previousRecall) * cuts.truePositives()[j] / cuts.flagged()[j];
            previousRecall = recall;
        }
        return sum;
    }

    /**
     * The places a threshold on the scores can fall, from the highest score down: cut j flags the
     * {@code flagged[j]} highest-scored nodes, {@code truePositives[j]} of them positive. A cut falls only after the
     * last of a run of tied scores, since a threshold flags all of them or none. Flagging nothing is no cut.
     */
    public record Cuts(int[] flagged, int[] truePositives) {}

    public static Cuts cuts(boolean[] positive, double[] score) {
        requireSameLength(positive, score);
        Integer[] order = byScoreDescending(score);
        int[] flagged = new int[order.length];
        int[] truePositives = new int[order.length];
        int count = 0;
        int hits = 0;
        for (int i = 0; i < order.length; i++) {
            if (positive[order[i]]) {
                hits++;
            }
            if (i + 1 == order.length || score[order[i + 1]] != score[order[i]]) {
                flagged[count] = i + 1;
                truePositives[count] = hits;
                count++;
            }
        }
        return new Cuts(Arrays.copyOf(flagged, count), Arrays.copyOf(truePositives, count));
    }

    /**
     * ROC-AUC as the probability that a random positive node scores above a random negative one, a tie counting
     * one half (the Mann-Whitney statistic; scikit-learn's {@code roc_auc_score} gives the same area). NaN without a
     * positive or without a negative node.
     */
    public static double rocAuc(boolean[] positive, double[] score) {
        requireSameLength(positive, score);
        int positives = positives(positive);
        int negatives = positive.length - positives;
        if (positives == 0 || negatives == 0 || anyNaN(score)) {
            return Double.NaN;
        }
        Integer[] order = byScoreDescending(score);
        // Walk down the scores a tie group at a time: each positive beats the negatives below its group and ties
        // with the negatives inside it.
        double wins = 0;
        int negativesAbove = 0;
        int start = 0;
        while (start < order.length) {
            int end = start;
            int groupPositives = 0;
            int groupNegatives = 0;
            while (end < order.length && score[order[end]] == score[order[start]]) {
                if (positive[order[end]]) {
                    groupPositives++;
                } else {
                    groupNegatives++;
                }
                end++;
            }
            int negativesBelow = negatives - negativesAbove - groupNegatives;
            wins += groupPositives * (negativesBelow + 0.5 * groupNegatives);
            negativesAbove += groupNegatives;
            start = end;
        }
        return wins / ((double) positives * negatives);
    }

    /**
     * Precision at k with k = the number of positive nodes (R-precision): the share of positives among the k
     * highest-scored nodes. Nodes with equal scores keep their order in the arrays (the earlier node ranks higher),
     * so a tie at the k-th score is broken by node order. NaN without a positive node.
     */
    public static double precisionAtK(boolean[] positive, double[] score) {
        requireSameLength(positive, score);
        int k = positives(positive);
        if (k == 0 || anyNaN(score)) {
            return Double.NaN;
        }
        Integer[] order = byScoreDescending(score);
        int hits = 0;
        for (int i = 0; i < k; i++) {
            if (positive[order[i]]) {
                hits++;
            }
        }
        return (double) hits / k;
    }

    static int positives(boolean[] positive) {
        int n = 0;
        for (boolean p : positive) {
            if (p) {
                n++;
            }
        }
        return n;
    }

    /** Node indices by descending score; the sort is stable, so equal scores keep node order. */
    private static Integer[] byScoreDescending(double[] score) {
        Integer[] order = new Integer[score.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> score[i]).reversed());
        return order;
    }

    private static void requireSameLength(boolean[] positive, double[] score) {
        if (positive.length != score.length) {
            throw new IllegalArgumentException("y_true and the scores differ in length: " + positive.length + " vs "
                + score.length);
        }
    }

    /** A diverged model's NaN probabilities rank nothing: its ranking metrics are NaN rather than a failed call. */
    private static boolean anyNaN(double[] score) {
        for (double s : score) {
            if (Double.isNaN(s)) {
                return true;
            }
        }
        return false;
    }
}
