package org.graphsha.synthesis;

import java.util.Arrays;

/** How many synthetic nodes each class gets per epoch (docs/algorithm.md §4.2). */
public final class SynthesisCounts {

    private SynthesisCounts() {}

    /**
     * MEAN: floor(mean − n_c) where positive, with the mean taken in float32 as the reference does;
     * MAX: max − n_c. Warm-up epochs always use MAX.
     */
    public static int[] perClass(int[] trainCounts, SynthesisTarget target) {
        int classes = trainCounts.length;
        int[] counts = new int[classes];
        if (target == SynthesisTarget.MAX) {
            int max = 0;
            for (int n : trainCounts) {
                max = Math.max(max, n);
            }
            for (int c = 0; c < classes; c++) {
                counts[c] = max - trainCounts[c];
            }
            return counts;
        }
        long total = 0;
        for (int n : trainCounts) {
            total += n;
        }
        float mean = (float) total / classes;
        for (int c = 0; c < classes; c++) {
            int k = (int) Math.floor(mean - (float) trainCounts[c]);
            counts[c] = Math.max(0, k);
        }
        return counts;
    }

    /**
     * {@code counts} scaled down to add up to {@code limit} when they add up to more: each class keeps its share
     * rounded down, and what the rounding leaves goes one node each to the classes with the largest remainders
     * (ties to the smaller class), so the result depends on the counts alone. Counts within the limit come back as
     * they are.
     */
    public static int[] capped(int[] counts, int limit) {
        long total = 0;
        for (int k : counts) {
            total += k;
        }
        if (total <= limit) {
            return counts;
        }
        int classes = counts.length;
        int[] capped = new int[classes];
        long[] remainders = new long[classes];
        long given = 0;
        for (int c = 0; c < classes; c++) {
            long scaled = (long) counts[c] * limit;
            capped[c] = (int) (scaled / total);
            remainders[c] = scaled % total;
            given += capped[c];
        }
        Integer[] order = new Integer[classes];
        for (int c = 0; c < classes; c++) {
            order[c] = c;
        }
        Arrays.sort(order, (a, b) -> remainders[a] != remainders[b]
            ? Long.compare(remainders[b], remainders[a]) : Integer.compare(a, b));
        for (int i = 0; i < limit - given; i++) {
            capped[order[i]]++;
        }
        return capped;
    }

    public static int total(int[] counts) {
        int sum = 0;
        for (int k : counts) {
            sum += k;
        }
        return sum;
    }
}
