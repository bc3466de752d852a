package org.graphsha.training.decision;

/**
 * Fits the temperature T of q_c ∝ p_c^(1/T) that minimises the mean negative log-likelihood of the true classes of
 * the given nodes (temperature scaling, Guo et al. 2017, applied to the log probabilities so that it also fits an
 * ensemble's mean). The NLL is convex in β = 1/T (a log-sum-exp of lines in β minus a line), so a golden-section
 * search on β in [{@link #MIN_BETA}, {@link #MAX_BETA}] with a fixed number of steps finds it, the same on every
 * machine. The bounds keep a handful of validation nodes that are all right (or all wrong) from pushing T to 0 or ∞.
 */
public final class TemperatureScaling {

    static final double MIN_BETA = 0.05;
    static final double MAX_BETA = 20;
    private static final int STEPS = 80;
    /** log p below this counts as this: a probability that underflowed to 0 must not make the NLL infinite. */
    private static final double LOG_FLOOR = -700;
    private static final double GOLDEN = (Math.sqrt(5) - 1) / 2;

    private TemperatureScaling() {}

    /** T for these nodes; 1 without nodes, or when only one class has probabilities (nothing to scale). */
    public static double fit(int[] truth, double[][] probabilities) {
        if (truth.length == 0 || probabilities[0].length < 2) {
            return 1;
        }
        double[][] logs = new double[truth.length][];
        for (int i = 0; i < truth.length; i++) {
            logs[i] = new double[probabilities[i].length];
            for (int c = 0; c < logs[i].length; c++) {
                logs[i][c] = Math.max(LOG_FLOOR, Math.log(probabilities[i][c]));
            }
        }
        double low = MIN_BETA;
        double high = MAX_BETA;
        double a = high - GOLDEN * (high - low);
        double b = low + GOLDEN * (high - low);
        double fa = nll(truth, logs, a);
        double fb = nll(truth, logs, b);
        for (int step = 0; step < STEPS; step++) {
            if (fa <= fb) {
                high = b;
                b = a;
                fb = fa;
                a = high - GOLDEN * (high - low);
                fa = nll(truth, logs, a);
            } else {
                low = a;
                a = b;
                fa = fb;
                b = low + GOLDEN * (high - low);
                fb = nll(truth, logs, b);
            }
        }
        double beta = (low + high) / 2;
        // T = 1 unless scaling clearly helps: keeps an already calibrated model's probabilities as they were.
        return nll(truth, logs, beta) < nll(truth, logs, 1) ? 1 / beta : 1;
    }

    /** Mean −log q_y with q ∝ exp(β log p). */
    static double nll(int[] truth, double[][] logs, double beta) {
        double total = 0;
        for (int i = 0; i < truth.length; i++) {
            double[] row = logs[i];
            double max = Double.NEGATIVE_INFINITY;
            for (double v : row) {
                max = Math.max(max, beta * v);
            }
            double sum = 0;
            for (double v : row) {
                sum += Math.exp(beta * v - max);
            }
            total += max + Math.log(sum) - beta * row[truth[i]];
        }
        return total / truth.length;
    }
}
