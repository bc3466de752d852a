package org.graphsha.training.augment;

import org.graphsha.graph.GraphSnapshot;

/**
 * Self-training with class-balanced pseudo-labels (docs/algorithm.md §10.1): after {@code warmupEpochs},
 * every epoch adds {@code weight} times a balanced-softmax loss over the confident predictions on the
 * nodes outside the training set. A weight of 0 turns it off.
 */
public record SelfTrainingOptions(double weight, int warmupEpochs) implements EpochAugmentation {

    public SelfTrainingOptions {
        if (!(weight >= 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException("selfTrainingWeight must be a finite number >= 0, but was " + weight);
        }
        if (warmupEpochs < 0) {
            throw new IllegalArgumentException("selfTrainingWarmup must be >= 0, but was " + warmupEpochs);
        }
    }

    @Override
    public boolean enabled() {
        return weight > 0;
    }

    @Override
    public EpochAugmentation steadyState() {
        return new SelfTrainingOptions(weight, 0);
    }

    @Override
    public EpochAugmentation.Epochs prepare(GraphSnapshot graph) {
        return new SelfTraining(graph, this);
    }
}
