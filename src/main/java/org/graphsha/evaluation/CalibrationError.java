package org.graphsha.evaluation;

/**
 * Expected calibration error of the top label (Guo et al., 2017): the confidence of a node is its largest class
 * probability; nodes fall into {@link #BINS} equal-width confidence bins ((k/15, (k+1)/15], the first bin also holds
 * 0); ECE = Σ_bins |bin| / n · |accuracy(bin) − mean confidence(bin)|. Fifteen bins, as that paper uses, so the
 * figures compare with published ones. 0 for no nodes.
 */
public final class CalibrationError {

    public static final int BINS = 15;

    private CalibrationError() {}

    /**
     * @param truth         each node's true class
     * @param probabilities each node's class probabilities, in the order of {@code truth}
     */
    public static double expected(int[] truth, double[][] probabilities) {
        if (truth.length != probabilities.length) {
            throw new IllegalArgumentException("y_true and the probability rows differ in length: " + truth.length
                + " vs " + probabilities.length);
        }
        int n = truth.length;
        if (n == 0) {
            return 0;
        }
        int[] count = new int[BINS];
        double[] correct = new double[BINS];
        double[] confidence = new double[BINS];
        for (int i = 0; i < n; i++) {
            double[] row = probabilities[i];
            int top = 0;
            for (int c = 1; c < row.length; c++) {
                if (row[c] > row[top]) {
                    top = c;
                }
            }
            int bin = Math.max(0, Math.min(BINS - 1, (int) Math.ceil(row[top] * BINS) - 1));
            count[bin]++;
            confidence[bin] += row[top];
            correct[bin] += top == truth[i] ? 1 : 0;
        }
        double ece = 0;
        for (int b = 0; b < BINS; b++) {
            if (count[b] > 0) {
                ece += Math.abs(correct[b] - confidence[b]) / n;
            }
        }
        return ece;
    }
}
