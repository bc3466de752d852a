package org.graphsha.data;

/** Checks shared by the split algorithms; messages name the bad value and the fix. */
final class SplitValidation {

    private SplitValidation() {}

    static void requireRatio(double ratio) {
        if (!(ratio > 1.0) || Double.isInfinite(ratio)) {
            throw new IllegalArgumentException("imbalanceRatio must be a finite number greater than 1, but was `"
                + ratio + "`; use for example 100 (long-tailed) or 20 (step)");
        }
    }

    static void requireEveryClass(int[] counts, String where) {
        if (counts.length < 2) {
            throw new IllegalArgumentException("an imbalanced split needs at least 2 classes, but the target has "
                + counts.length + "; check targetProperty and nodeLabel");
        }
        for (int c = 0; c < counts.length; c++) {
            if (counts[c] == 0) {
                throw new EmptyClassException(c, where);
            }
        }
    }
}
