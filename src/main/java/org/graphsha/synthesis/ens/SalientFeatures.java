package org.graphsha.synthesis.ens;

import java.util.BitSet;
import java.util.random.RandomGenerator;
import org.graphsha.synthesis.sampling.CumulativeWeights;

/**
 * GraphENS's saliency masking rule (docs/algorithm.md §5): with s the partner's input-feature gradient row,
 * feature f has weight |s_f| + 1e-10; K = floor(F·k) features are drawn without replacement in
 * proportion to it, and only the first max(1, floor(sigmoid(KL/3)·K)) of them are used. On those the
 * synthetic node keeps the anchor's value (δ = 1). Only the used prefix is drawn here: the first j
 * draws of a sequential draw without replacement have the same distribution whatever comes after.
 */
public final class SalientFeatures {

    /** Added to |gradient| before normalising, as in the reference. */
    public static final double SALIENCY_FLOOR = 1e-10;
    /** Rejected duplicates in a row after which the remaining weights are rebuilt exactly. */
    private static final int MAX_REJECTIONS = 32;

    private SalientFeatures() {}

    /** max(1, floor(sigmoid(KL/3)·K)) for K ≥ 1, else 0. */
    public static int usedCount(int k, double kl) {
        if (k <= 0) {
            return 0;
        }
        int fromKl = (int) Math.floor(k / (1 + Math.exp(-kl / 3)));
        return Math.max(1, Math.min(k, fromKl));
    }

    /** The sampling weights |s_f| + floor of one gradient row, raw and as prefix sums. */
    public record Row(double[] raw, CumulativeWeights cumulative) {

        public static Row of(float[] gradients, int row, int dimension) {
            double[] w = new double[dimension];
            int off = row * dimension;
            for (int f = 0; f < dimension; f++) {
                w[f] = Math.abs(gradients[off + f]) + SALIENCY_FLOOR;
            }
            return new Row(w, new CumulativeWeights(w));
        }

        /**
         * {@code count} (at most F) distinct features, in sequential draw order. Draws with replacement
         * and rejects repeats, which is exact for sequential sampling without replacement; if the weight
         * is so concentrated that repeats keep coming, the weights are rebuilt without the chosen ones.
         */
        public int[] draw(int count, RandomGenerator random) {
            int[] chosen = new int[count];
            BitSet taken = new BitSet(raw.length);
            CumulativeWeights current = cumulative;
            int rejections = 0;
            for (int i = 0; i < count; ) {
                int f = current.draw(random);
                if (!taken.get(f)) {
                    taken.set(f);
                    chosen[i++] = f;
                    rejections = 0;
                } else if (++rejections > MAX_REJECTIONS) {
                    double[] rest = raw.clone();
                    for (int j = taken.nextSetBit(0); j >= 0; j = taken.nextSetBit(j + 1)) {
                        rest[j] = 0;
                    }
                    current = new CumulativeWeights(rest);
                    rejections = 0;
                }
            }
            return chosen;
        }
    }
}
