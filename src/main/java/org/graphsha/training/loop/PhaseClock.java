package org.graphsha.training.loop;

/**
 * Wall time of one run, split by epoch phase. Each {@link #lap} charges the time since the previous
 * lap (or the epoch's start) to one phase, so the phases of an epoch add up to its wall time.
 */
final class PhaseClock {

    enum Phase { SYNTHESIS, DROPOUT_MASK, TRAIN_STEP, OPTIMIZER, EVAL_FORWARD, EVALUATION }

    private final long[] nanos = new long[Phase.values().length];
    private double[] msPerEpoch;
    private long epochStart;
    private long lastLap;

    PhaseClock(int epochs) {
        msPerEpoch = new double[epochs];
    }

    void startEpoch() {
        epochStart = System.nanoTime();
        lastLap = epochStart;
    }

    void lap(Phase phase) {
        long now = System.nanoTime();
        nanos[phase.ordinal()] += now - lastLap;
        lastLap = now;
    }

    /** Records the epoch's wall time, from its start to the last lap. */
    void endEpoch(int epoch) {
        msPerEpoch[epoch] = (lastLap - epochStart) / 1e6;
    }

    /** Keeps the first {@code epochs} epochs: those an early stop left trained, so the means cover only them. */
    void stopAfter(int epochs) {
        if (epochs < msPerEpoch.length) {
            msPerEpoch = java.util.Arrays.copyOf(msPerEpoch, epochs);
        }
    }

    double[] msPerEpoch() {
        return msPerEpoch;
    }

    TimeBreakdown meanPerEpoch() {
        double per = 1e6 * msPerEpoch.length;
        return new TimeBreakdown(nanos[Phase.SYNTHESIS.ordinal()] / per, nanos[Phase.DROPOUT_MASK.ordinal()] / per,
            nanos[Phase.TRAIN_STEP.ordinal()] / per, nanos[Phase.EVAL_FORWARD.ordinal()] / per,
            nanos[Phase.OPTIMIZER.ordinal()] / per, nanos[Phase.EVALUATION.ordinal()] / per);
    }
}
