package org.graphsha.training;

/**
 * Self-training with class-balanced pseudo-labels (docs/algorithm.md §10.1): after {@code warmupEpochs},
 * every epoch adds {@code weight} times a balanced-softmax loss over the confident predictions on the
 * nodes outside the training set. A weight of 0 turns it off.
 */
public record SelfTrainingOptions(double weight, int warmupEpochs) {

    public static final SelfTrainingOptions OFF = new SelfTrainingOptions(0, 50);

    public SelfTrainingOptions {
        if (!(weight >= 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException("selfTrainingWeight must be a finite number >= 0, but was " + weight);
        }
        if (warmupEpochs < 0) {
            throw new IllegalArgumentException("selfTrainingWarmup must be >= 0, but was " + warmupEpochs);
        }
    }

    public boolean enabled() {
        return weight > 0;
    }
}
