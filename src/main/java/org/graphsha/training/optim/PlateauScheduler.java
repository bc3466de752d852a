package org.graphsha.training.optim;

/**
 * PyTorch's ReduceLROnPlateau with the reference settings: mode min, factor 0.5, patience 100,
 * relative threshold 1e-4, cooldown 0, min_lr 0, eps 1e-8.
 */
public final class PlateauScheduler {

    private static final double FACTOR = 0.5;
    private static final int PATIENCE = 100;
    private static final double THRESHOLD = 1e-4;
    private static final double EPS = 1e-8;

    private double lr;
    private double best = Double.POSITIVE_INFINITY;
    private int badEpochs;

    public PlateauScheduler(double lr) {
        this.lr = lr;
    }

    public double lr() {
        return lr;
    }

    /** Records one epoch's validation loss; returns the learning rate for the next step. */
    public double step(double loss) {
        if (loss < best * (1 - THRESHOLD)) {
            best = loss;
            badEpochs = 0;
        } else {
            badEpochs++;
        }
        if (badEpochs > PATIENCE) {
            double reduced = lr * FACTOR;
            if (lr - reduced > EPS) {
                lr = reduced;
            }
            badEpochs = 0;
        }
        return lr;
    }
}
