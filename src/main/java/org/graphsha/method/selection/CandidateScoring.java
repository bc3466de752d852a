package org.graphsha.method.selection;

import org.graphsha.training.selection.SelectionWindow;

/**
 * What the candidates of {@code candidateMethods} are compared on (docs/algorithm.md §10.5): balanced accuracy on
 * held-out folds of the training nodes, or on the run's validation nodes. {@link #AUTO} takes the validation nodes
 * when every class has enough of them for its recall to mean something, and the folds otherwise.
 */
public enum CandidateScoring {
    AUTO, FOLDS, VALIDATION;

    /**
     * The scoring of a run: this one, or for {@link #AUTO} the validation nodes when every class has at least
     * {@link SelectionWindow#SMALL_VALIDATION_CLASS} of them (the bar below which the selection window smooths too).
     *
     * @param validationPerClass validation nodes of each class
     */
    public CandidateScoring resolve(int[] validationPerClass) {
        if (this != AUTO) {
            return this;
        }
        return SelectionWindow.hasSmallValidationClass(validationPerClass) ? FOLDS : VALIDATION;
    }
}
