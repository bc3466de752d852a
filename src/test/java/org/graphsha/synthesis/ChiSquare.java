package org.graphsha.synthesis;

/** Pearson's goodness-of-fit statistic and its 99.9 % critical value. */
public final class ChiSquare {

    private ChiSquare() {}

    public static double statistic(long[] observed, double[] probabilities) {
        long total = 0;
        for (long o : observed) {
            total += o;
        }
        double statistic = 0;
        for (int i = 0; i < observed.length; i++) {
            double expected = total * probabilities[i];
            if (expected == 0) {
                if (observed[i] != 0) {
                    return Double.POSITIVE_INFINITY; // drawn where it is impossible
                }
                continue;
            }
            double diff = observed[i] - expected;
            statistic += diff * diff / expected;
        }
        return statistic;
    }

    /**
     * The 0.999 quantile of χ²(df) by the Wilson–Hilferty cube approximation (accurate to well under
     * 1 % for df ≥ 9, and on the safe side): df·(1 − 2/(9df) + z·√(2/(9df)))³ with z = 3.0902.
     */
    public static double critical999(int df) {
        double a = 2.0 / (9.0 * df);
        double base = 1 - a + 3.0902 * Math.sqrt(a);
        return df * base * base * base;
    }

    public static double[] normalise(double[] weights) {
        double sum = 0;
        for (double w : weights) {
            sum += w;
        }
        double[] p = new double[weights.length];
        for (int i = 0; i < weights.length; i++) {
            p[i] = weights[i] / sum;
        }
        return p;
    }
}
