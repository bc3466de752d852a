package org.graphsha.graph;

/**
 * How a model turns its calibrated class probabilities into one class per node: the {@code decisionRule} key of
 * {@code graphsha.train} (docs/algorithm.md §11).
 */
public enum DecisionRule {
    /** The largest probability: what a model trained on class-balanced (synthetic) data predicts under equal priors. */
    BALANCED,
    /** The largest probability times a class prior: the labeled training nodes' class shares, or {@code classPrior}. */
    PRIOR,
    /** Per-class additive offsets on the log probabilities, fitted on the validation nodes for the largest macro-F1. */
    MACRO_F1,
    /** Two classes: flag the minority class above the threshold whose validation precision reaches the target. */
    TARGET_PRECISION,
    /** Two classes: flag the minority class above the highest threshold whose validation recall reaches the target. */
    TARGET_RECALL;

    /** Whether the rule flags one class of two by a threshold fitted for {@code decisionTarget}. */
    public boolean targeted() {
        return this == TARGET_PRECISION || this == TARGET_RECALL;
    }
}
