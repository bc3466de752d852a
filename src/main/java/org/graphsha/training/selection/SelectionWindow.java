package org.graphsha.training.selection;

/**
 * How many epochs model selection averages its score over (docs/algorithm.md §10.2): a fixed count,
 * or {@link #AUTO}, which averages only when some class has too few validation nodes for one epoch's
 * score to mean much, and otherwise keeps the reference's single-epoch rule.
 *
 * @param epochs the fixed window; ignored when {@code auto}
 */
public record SelectionWindow(int epochs, boolean auto) {

    /** The window AUTO uses on a small validation class: the value measured on the user-shaped graph. */
    public static final int AUTO_EPOCHS = 25;
    /** AUTO smooths when a class has fewer validation nodes: one node then moves its recall by over 10 points. */
    public static final int SMALL_VALIDATION_CLASS = 10;

    public static final SelectionWindow AUTO = new SelectionWindow(AUTO_EPOCHS, true);
    /** The reference's rule: the epoch's own score. */
    public static final SelectionWindow SINGLE_EPOCH = fixed(1);

    public SelectionWindow {
        if (epochs < 1) {
            throw new IllegalArgumentException("selectionWindow must be at least 1, but was " + epochs);
        }
    }

    public static SelectionWindow fixed(int epochs) {
        return new SelectionWindow(epochs, false);
    }

    /**
     * The window of a run.
     *
     * @param validationPerClass validation nodes of each class
     */
    public int resolve(int[] validationPerClass) {
        return !auto || hasSmallValidationClass(validationPerClass) ? epochs : 1;
    }

    /**
     * Whether some class has fewer than {@link #SMALL_VALIDATION_CLASS} validation nodes: the rule by which the
     * {@code 'auto'} settings of the selection window and of the candidates' scoring turn to their small-set form.
     */
    public static boolean hasSmallValidationClass(int[] validationPerClass) {
        for (int count : validationPerClass) {
            if (count < SMALL_VALIDATION_CLASS) {
                return true;
            }
        }
        return false;
    }

    /** As the effective configuration shows it: the count, or 'auto'. */
    public Object configValue() {
        return auto ? "auto" : (Object) (long) epochs;
    }
}
