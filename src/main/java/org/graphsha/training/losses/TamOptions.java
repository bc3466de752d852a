package org.graphsha.training.losses;

/**
 * TAM's settings (docs/algorithm.md §5): α weighs log ACM, β weighs ADM, φ and γ shape the class-wise
 * temperature of the predictions; nothing is adjusted in the first {@code warmupEpochs} (0-based)
 * epochs, as the reference's `epoch > warmup` with epochs counted from 1.
 */
public record TamOptions(double alpha, double beta, double phi, double gamma, int warmupEpochs) {

    public TamOptions {
        if (!(alpha >= 0) || !(beta >= 0)) {
            throw new IllegalArgumentException("TAM alpha and beta must be >= 0, but were " + alpha + " and " + beta);
        }
        if (!(phi > 0)) {
            throw new IllegalArgumentException("TAM phi must be positive, but was " + phi);
        }
        if (!(gamma >= 0 && gamma <= 1)) {
            throw new IllegalArgumentException("TAM gamma must be in [0, 1], but was " + gamma);
        }
        if (warmupEpochs < 0) {
            throw new IllegalArgumentException("TAM warmupEpochs must be >= 0, but was " + warmupEpochs);
        }
    }

    /** α 2.5, β 0.5, φ 1.2, γ 0.4, warm-up 5: the paper's settings. */
    public static TamOptions defaults() {
        return new TamOptions(2.5, 0.5, 1.2, 0.4, 5);
    }
}
