package org.graphsha.synthesis.sampling;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/** Draws a bin index with probability proportional to its count (e.g. a degree from the degree histogram). */
public final class HistogramSampling {

    private final long[] cumulative;

    public HistogramSampling(long[] counts) {
        cumulative = new long[counts.length];
        long running = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException("histogram counts must not be negative, but bin " + i + " is " + counts[i]);
            }
            running += counts[i];
            cumulative[i] = running;
        }
        if (running == 0) {
            throw new IllegalArgumentException("histogram is empty");
        }
    }

    public int draw(RandomGenerator random) {
        long target = random.nextLong(cumulative[cumulative.length - 1]);
        int index = Arrays.binarySearch(cumulative, target);
        // target t belongs to the first bin whose cumulative count exceeds it
        index = index >= 0 ? index + 1 : -index - 1;
        while (cumulative[index] == (index == 0 ? 0 : cumulative[index - 1])) {
            index++;
        }
        return index;
    }
}
