package org.graphsha.synthesis.sampling;

import java.util.random.RandomGenerator;

/**
 * Beta and Gamma variates. Beta(a, b) = G_a / (G_a + G_b) with Gamma variates from the
 * Marsaglia–Tsang squeeze method (docs/algorithm.md §9); shapes below 1 use the boost
 * Gamma(a) = Gamma(a+1)·U^{1/a}.
 */
public final class BetaSampling {

    private BetaSampling() {}

    public static double beta(double a, double b, RandomGenerator random) {
        double x = gamma(a, random);
        double y = gamma(b, random);
        double sum = x + y;
        // both variates can underflow to 0 only for tiny shapes; fall back on the mean then
        return sum > 0 ? x / sum : a / (a + b);
    }

    public static double gamma(double shape, RandomGenerator random) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException("gamma shape must be a positive finite number, but was " + shape);
        }
        if (shape < 1) {
            double u = random.nextDouble();
            return gamma(shape + 1, random) * Math.pow(u, 1 / shape);
        }
        double d = shape - 1.0 / 3.0;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = random.nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = random.nextDouble();
            double x2 = x * x;
            if (u < 1 - 0.0331 * x2 * x2) {
                return d * v;
            }
            if (Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }
}
