package org.graphsha.evaluation;

/**
 * Metrics of one prediction set, as fractions in [0, 1]. Per-class arrays hold NaN for classes the
 * metric does not cover (recall: absent from y_true; F1: absent from both y_true and y_pred).
 */
public record Evaluation(double accuracy, double balancedAccuracy, double macroF1,
                         double[] perClassRecall, double[] perClassF1, int[][] confusion) {

    /** The model-selection score of docs/algorithm.md §3: (accuracy + macro-F1) / 2. */
    public double selectionScore() {
        return (accuracy + macroF1) / 2;
    }
}
