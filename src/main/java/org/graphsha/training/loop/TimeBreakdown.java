package org.graphsha.training.loop;

/**
 * Mean wall milliseconds per epoch by phase. {@code trainStep} and {@code evalForward} are the engine
 * (DJL/PyTorch) calls, including the copies of parameters and graph arrays in and out; the rest is
 * plain Java.
 */
public record TimeBreakdown(double synthesis, double dropoutMask, double trainStep, double evalForward,
                            double optimizer, double evaluation) {

    public double engine() {
        return trainStep + evalForward;
    }

    public double java() {
        return synthesis + dropoutMask + optimizer + evaluation;
    }
}
