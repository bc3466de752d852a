package org.graphsha.synthesis;

import java.util.random.RandomGenerator;

import org.graphsha.graph.SyntheticBatch;

/**
 * Passes every call through (feature gradients too, when the inner synthesizer wants them) and
 * remembers the last batch and the last report.
 */
public final class RecordingSynthesizer implements Synthesizer, FeatureGradientListener {

    private final Synthesizer inner;
    private SyntheticBatch last = SyntheticBatch.EMPTY;

    public RecordingSynthesizer(Synthesizer inner) {
        this.inner = inner;
    }

    @Override
    public SyntheticBatch synthesize(int epoch, float[] previousLogits, RandomGenerator random) {
        last = inner.synthesize(epoch, previousLogits, random);
        return last;
    }

    @Override
    public int[] featureGradientRows() {
        return inner instanceof FeatureGradientListener l ? l.featureGradientRows() : null;
    }

    @Override
    public void onFeatureGradient(int epoch, float[] gradients) {
        if (inner instanceof FeatureGradientListener l) {
            l.onFeatureGradient(epoch, gradients);
        }
    }

    public SyntheticBatch lastBatch() {
        return last;
    }

    @Override
    public SynthesisReport lastReport() {
        return inner.lastReport();
    }
}
