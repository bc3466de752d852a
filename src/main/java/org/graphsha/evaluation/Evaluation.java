package org.graphsha.evaluation;

/**
 * Metrics of one prediction set, as fractions in [0, 1]. Per-class arrays hold NaN for classes the
 * metric does not cover (recall: absent from y_true; F1: absent from both y_true and y_pred).
 *
 * @param confusion counts[t][p] = nodes of true class t predicted as p
 * @param scores    the evaluated nodes' true classes and class probabilities, which the ranking metrics need;
 *                  null where the caller had no probabilities, or for more than two classes (only a two-class
 *                  target has ranking metrics, and a multi-class set's N × C rows would be held for nothing)
 */
public record Evaluation(double accuracy, double balancedAccuracy, double macroF1,
                         double[] perClassRecall, double[] perClassF1, int[][] confusion, Scores scores) {

    /** Label-based metrics alone, without scores. */
    public Evaluation(double accuracy, double balancedAccuracy, double macroF1,
                      double[] perClassRecall, double[] perClassF1, int[][] confusion) {
        this(accuracy, balancedAccuracy, macroF1, perClassRecall, perClassF1, confusion, null);
    }

    /** The model-selection score of docs/algorithm.md §3: (accuracy + macro-F1) / 2. */
    public double selectionScore() {
        return (accuracy + macroF1) / 2;
    }

    /** Precision per class, by {@link Metrics#perClassPrecision}'s convention. */
    public double[] perClassPrecision() {
        return Metrics.perClassPrecision(confusion);
    }

    /** These metrics with the scores they were computed from (kept only for a two-class target). */
    public Evaluation withScores(Scores with) {
        Scores kept = with != null && confusion.length == 2 ? with : null;
        return new Evaluation(accuracy, balancedAccuracy, macroF1, perClassRecall, perClassF1, confusion, kept);
    }

    /**
     * The ranking metrics of a two-class target with {@code positiveClass} as the flagged class; null without
     * scores (then there is nothing to rank).
     */
    public Ranking ranking(int positiveClass) {
        return scores == null ? null : Metrics.ranking(scores.truth(), scores.probabilities(), positiveClass);
    }
}
