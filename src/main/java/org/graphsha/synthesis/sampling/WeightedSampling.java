package org.graphsha.synthesis.sampling;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Draws indices in proportion to non-negative weights. Callers add the 1e-12 floor of docs/algorithm.md
 * §9 themselves where the reference does, so the weights given here are taken as they are.
 */
public final class WeightedSampling {

    private WeightedSampling() {}

    /** One draw from weights[0..length) (multinomial with one trial). */
    public static int draw(double[] weights, int length, RandomGenerator random) {
        double total = 0;
        for (int i = 0; i < length; i++) {
            total += weights[i];
        }
        requirePositive(total);
        double target = random.nextDouble() * total;
        double running = 0;
        for (int i = 0; i < length; i++) {
            running += weights[i];
            if (target < running) {
                return i;
            }
        }
        return lastPositive(weights, length); // rounding left target at the very top
    }

    /** {@code count} independent draws, with replacement. */
    public static int[] withReplacement(double[] weights, int count, RandomGenerator random) {
        CumulativeWeights cumulative = new CumulativeWeights(weights);
        int[] draws = new int[count];
        for (int k = 0; k < count; k++) {
            draws[k] = cumulative.draw(random);
        }
        return draws;
    }

    /**
     * {@code count} distinct indices, in the order sequential weighted draws without replacement
     * would produce them: each index gets the key E/w with E ~ Exp(1) and the smallest keys win
     * (the exponential-race form of the torch.multinomial sampling the reference uses). Indices with
     * weight 0 are never drawn, so count must not exceed the number of positive weights.
     */
    public static int[] withoutReplacement(double[] weights, int count, RandomGenerator random) {
        int n = weights.length;
        double[] keys = new double[n];
        int positive = 0;
        for (int i = 0; i < n; i++) {
            keys[i] = weights[i] > 0 ? random.nextExponential() / weights[i] : Double.POSITIVE_INFINITY;
            positive += weights[i] > 0 ? 1 : 0;
        }
        if (count > positive) {
            throw new IllegalArgumentException("cannot draw " + count + " distinct indices from " + positive
                + " positive weights");
        }
        return smallestKeys(keys, count);
    }

    /** Indices of the {@code count} smallest keys, smallest first; equal keys go to the smaller index. */
    static int[] smallestKeys(double[] keys, int count) {
        Integer[] order = new Integer[keys.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> keys[a] != keys[b] ? Double.compare(keys[a], keys[b]) : Integer.compare(a, b));
        int[] chosen = new int[count];
        for (int k = 0; k < count; k++) {
            chosen[k] = order[k];
        }
        return chosen;
    }

    private static void requirePositive(double total) {
        if (!(total > 0) || Double.isInfinite(total)) {
            throw new IllegalArgumentException("weights must have a positive finite sum, but the sum is " + total);
        }
    }

    private static int lastPositive(double[] weights, int length) {
        for (int i = length - 1; i >= 0; i--) {
            if (weights[i] > 0) {
                return i;
            }
        }
        throw new IllegalStateException("no positive weight");
    }
}
