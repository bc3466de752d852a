package org.graphsha.tools.generate;

import java.util.SplittableRandom;

/** Walker's alias method: O(1) draws from a fixed discrete distribution, for millions of edge endpoints. */
final class AliasTable {

    private final double[] probability;
    private final int[] alias;

    AliasTable(double[] weights) {
        int n = weights.length;
        probability = new double[n];
        alias = new int[n];
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        double[] scaled = new double[n];
        int[] small = new int[n];
        int[] large = new int[n];
        int smallCount = 0;
        int largeCount = 0;
        for (int i = 0; i < n; i++) {
            scaled[i] = weights[i] * n / total;
            if (scaled[i] < 1) {
                small[smallCount++] = i;
            } else {
                large[largeCount++] = i;
            }
        }
        while (smallCount > 0 && largeCount > 0) {
            int s = small[--smallCount];
            int l = large[--largeCount];
            probability[s] = scaled[s];
            alias[s] = l;
            scaled[l] -= 1 - scaled[s];
            if (scaled[l] < 1) {
                small[smallCount++] = l;
            } else {
                large[largeCount++] = l;
            }
        }
        while (largeCount > 0) {
            probability[large[--largeCount]] = 1;
        }
        while (smallCount > 0) {
            probability[small[--smallCount]] = 1; // rounding leftovers
        }
    }

    int sample(SplittableRandom random) {
        int i = random.nextInt(probability.length);
        return random.nextDouble() < probability[i] ? i : alias[i];
    }
}
