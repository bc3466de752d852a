package org.graphsha.training.selection;

/**
 * Which of several epochs with the same validation score model selection keeps. With a handful of
 * validation nodes per class the score saturates within a few epochs and stays flat, so the reference's
 * rule (the first) keeps a barely trained model; the validation loss still tells the tied epochs apart
 * (docs/algorithm.md §10.2).
 */
public enum SelectionTieBreak {
    /** The first epoch that reached the score, as the reference code does (docs/algorithm.md §3). */
    FIRST,
    /** Among equal scores, the epoch with the lower cross-entropy on the validation nodes. */
    VALIDATION_LOSS
}
