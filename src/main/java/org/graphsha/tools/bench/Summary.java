package org.graphsha.tools.bench;

/** Mean, sample standard deviation (n−1) and standard error of a set of run values. */
record Summary(double mean, double std, double stdError) {

    static Summary of(double[] values) {
        int n = values.length;
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        double std = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
        return new Summary(mean, std, std / Math.sqrt(n));
    }
}
