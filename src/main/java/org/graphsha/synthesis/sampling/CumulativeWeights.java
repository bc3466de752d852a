package org.graphsha.synthesis.sampling;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/** Prefix sums of non-negative weights, for repeated draws with replacement by binary search. */
public final class CumulativeWeights {

    private final double[] weights;
    private final double[] cumulative;

    public CumulativeWeights(double[] weights) {
        this.weights = weights;
        cumulative = new double[weights.length];
        double running = 0;
        for (int i = 0; i < weights.length; i++) {
            if (!(weights[i] >= 0) || Double.isInfinite(weights[i])) {
                throw new IllegalArgumentException("weights must be non-negative finite numbers, but weight " + i
                    + " is " + weights[i]);
            }
            running += weights[i];
            cumulative[i] = running;
        }
        if (!(running > 0)) {
            throw new IllegalArgumentException("weights must have a positive sum, but the sum is " + running);
        }
    }

    public int draw(RandomGenerator random) {
        int n = weights.length;
        double target = random.nextDouble() * cumulative[n - 1];
        int index = Arrays.binarySearch(cumulative, target);
        // a miss gives the insertion point; an exact hit is a boundary, which belongs to the next slot
        index = index >= 0 ? index + 1 : -index - 1;
        while (index < n && weights[index] == 0) {
            index++;
        }
        if (index < n) {
            return index;
        }
        for (int i = n - 1; ; i--) { // rounding pushed the target past the end
            if (weights[i] > 0) {
                return i;
            }
        }
    }
}
