package org.graphsha.training.augment;

import org.graphsha.graph.GraphSnapshot;

/**
 * BAT's virtual class nodes (docs/algorithm.md §10.3): whether the training step adds one virtual node per
 * class, and how the links of uncertain nodes to them are drawn. Training only: evaluation, model selection
 * and prediction run on the original graph.
 */
public enum VirtualClassNodes implements EpochAugmentation {
    /** No virtual nodes: the step as before. */
    NONE,
    /** BAT0: a node's link probabilities follow its own predicted class probabilities. */
    BAT0,
    /** BAT1: a node's link probabilities follow the predicted classes of its neighbours. */
    BAT1;

    @Override
    public boolean enabled() {
        return this != NONE;
    }

    @Override
    public EpochAugmentation.Epochs prepare(GraphSnapshot graph) {
        return new VirtualClassLinks(graph, this);
    }
}
