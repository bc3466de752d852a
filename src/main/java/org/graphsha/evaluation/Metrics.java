package org.graphsha.evaluation;

/**
 * Classification metrics with scikit-learn's semantics (docs/algorithm.md §3.1): balanced accuracy
 * averages recall over the classes present in y_true; macro-F1 averages F1 over the classes present
 * in y_true or y_pred, and a class with zero precision and recall scores 0. Ranking metrics of a two-class
 * target (average precision, ROC-AUC, precision at k) are in {@link RankingMetrics}.
 */
public final class Metrics {

    private Metrics() {}

    /** counts[t][p] = number of nodes of true class t predicted as p. */
    public static int[][] confusionMatrix(int[] truth, int[] predicted, int classCount) {
        requireSameLength(truth, predicted);
        int[][] m = new int[classCount][classCount];
        for (int i = 0; i < truth.length; i++) {
            m[truth[i]][predicted[i]]++;
        }
        return m;
    }

    public static double accuracy(int[] truth, int[] predicted) {
        requireSameLength(truth, predicted);
        if (truth.length == 0) {
            return 0;
        }
        int correct = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] == predicted[i]) {
                correct++;
            }
        }
        return (double) correct / truth.length;
    }

    /** Recall per class; NaN for a class absent from y_true. */
    public static double[] perClassRecall(int[][] confusion) {
        int c = confusion.length;
        double[] recall = new double[c];
        for (int k = 0; k < c; k++) {
            int support = rowSum(confusion, k);
            recall[k] = support == 0 ? Double.NaN : (double) confusion[k][k] / support;
        }
        return recall;
    }

    /**
     * Precision per class: TP / (TP + FP). A class in y_true that is never predicted scores 0 (scikit-learn's
     * {@code zero_division=0}, the convention F1 follows); a class in neither y_true nor y_pred is NaN, as for F1.
     */
    public static double[] perClassPrecision(int[][] confusion) {
        int c = confusion.length;
        double[] precision = new double[c];
        for (int k = 0; k < c; k++) {
            int predictedCount = columnSum(confusion, k);
            if (predictedCount == 0) {
                precision[k] = rowSum(confusion, k) == 0 ? Double.NaN : 0;
                continue;
            }
            precision[k] = (double) confusion[k][k] / predictedCount;
        }
        return precision;
    }

    /** F1 per class; NaN for a class in neither y_true nor y_pred, 0 when precision+recall is 0. */
    public static double[] perClassF1(int[][] confusion) {
        int c = confusion.length;
        double[] f1 = new double[c];
        for (int k = 0; k < c; k++) {
            int support = rowSum(confusion, k);
            int predictedCount = columnSum(confusion, k);
            if (support == 0 && predictedCount == 0) {
                f1[k] = Double.NaN;
                continue;
            }
            int tp = confusion[k][k];
            // F1 = 2TP / (2TP + FP + FN); zero when TP = 0 (sklearn's zero_division -> 0).
            f1[k] = tp == 0 ? 0 : 2.0 * tp / (support + predictedCount);
        }
        return f1;
    }

    public static double balancedAccuracy(int[][] confusion) {
        return meanIgnoringNaN(perClassRecall(confusion));
    }

    public static double macroF1(int[][] confusion) {
        return meanIgnoringNaN(perClassF1(confusion));
    }

    public static Evaluation evaluate(int[] truth, int[] predicted, int classCount) {
        int[][] confusion = confusionMatrix(truth, predicted, classCount);
        return new Evaluation(accuracy(truth, predicted), balancedAccuracy(confusion), macroF1(confusion),
            perClassRecall(confusion), perClassF1(confusion), confusion);
    }

    /**
     * Metrics of the predictions with the class probabilities they came from (one row per node, in the order of
     * {@code truth}), kept for the ranking metrics when there are two classes.
     */
    public static Evaluation evaluate(int[] truth, int[] predicted, double[][] probabilities, int classCount) {
        return evaluate(truth, predicted, classCount).withScores(new Scores(truth, probabilities));
    }

    /**
     * The class a two-class target flags, and the minority class of any target: the class with the fewest
     * training labels; among equally few, the last in class order (for a 0/1 target with balanced labels, 1).
     */
    public static int minorityClass(int[] trainingCounts) {
        if (trainingCounts.length == 0) {
            throw new IllegalArgumentException("the minority class needs at least one class");
        }
        int fewest = 0;
        for (int c = 1; c < trainingCounts.length; c++) {
            if (trainingCounts[c] <= trainingCounts[fewest]) {
                fewest = c;
            }
        }
        return fewest;
    }

    /**
     * The ranking metrics of a two-class target, ranked by the probability of {@code positiveClass}.
     *
     * @param probabilities one row of two class probabilities per node, in the order of {@code truth}
     */
    public static Ranking ranking(int[] truth, double[][] probabilities, int positiveClass) {
        if (truth.length != probabilities.length) {
            throw new IllegalArgumentException("y_true and the probability rows differ in length: " + truth.length
                + " vs " + probabilities.length);
        }
        if (positiveClass != 0 && positiveClass != 1) {
            throw new IllegalArgumentException("the positive class of a two-class target is 0 or 1, but was "
                + positiveClass);
        }
        boolean[] positive = new boolean[truth.length];
        double[] score = new double[truth.length];
        for (int i = 0; i < truth.length; i++) {
            if (probabilities[i].length != 2) {
                throw new IllegalArgumentException("ranking metrics need two class probabilities per node, but row "
                    + i + " has " + probabilities[i].length);
            }
            positive[i] = truth[i] == positiveClass;
            score[i] = probabilities[i][positiveClass];
        }
        return new Ranking(positiveClass, RankingMetrics.averagePrecision(positive, score),
            RankingMetrics.rocAuc(positive, score), RankingMetrics.precisionAtK(positive, score),
            RankingMetrics.positives(positive));
    }

    private static double meanIgnoringNaN(double[] values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? 0 : sum / n;
    }

    private static int rowSum(int[][] m, int r) {
        int s = 0;
        for (int v : m[r]) {
            s += v;
        }
        return s;
    }

    private static int columnSum(int[][] m, int c) {
        int s = 0;
        for (int[] row : m) {
            s += row[c];
        }
        return s;
    }

    private static void requireSameLength(int[] a, int[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("y_true and y_pred differ in length: " + a.length + " vs " + b.length);
        }
    }
}
