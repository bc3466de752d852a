package org.graphsha.synthesis;

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

    public static int total(int[] counts) {
        int sum = 0;
        for (int k : counts) {
            sum += k;
        }
        return sum;
    }
}
