package org.graphsha.training.selection;

/**
 * GDS's early stopping, watched on the model-selection score: an epoch is productive when its validation score
 * exceeds the best so far by more than {@code tolerance}; training stops after {@code patience} unproductive epochs
 * in a row. Patience 0 is off: the paper's protocol trains every epoch.
 */
public record EarlyStopping(int patience, double tolerance) {
    /** GDS's default tolerance; patience 0 trains every epoch. */
    public static final double DEFAULT_TOLERANCE = 0.001;
    public static final EarlyStopping OFF = new EarlyStopping(0, DEFAULT_TOLERANCE);

    public EarlyStopping {
        if (patience < 0) {
            throw new IllegalArgumentException("patience must be >= 0 (0 trains every epoch), but was " + patience);
        }
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be a finite number >= 0, but was " + tolerance);
        }
    }

    public boolean enabled() {
        return patience > 0;
    }
}
