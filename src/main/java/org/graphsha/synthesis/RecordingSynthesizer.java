package org.graphsha.synthesis;

import java.util.random.RandomGenerator;

/** Passes every call through and remembers the last batch, the last report and the nodes per epoch. */
public final class RecordingSynthesizer implements Synthesizer {

    private final Synthesizer inner;
    private SyntheticBatch last = SyntheticBatch.EMPTY;
    private long totalNodes;
    private int epochs;

    public RecordingSynthesizer(Synthesizer inner) {
        this.inner = inner;
    }

    @Override
    public SyntheticBatch synthesize(int epoch, float[] previousLogits, RandomGenerator random) {
        last = inner.synthesize(epoch, previousLogits, random);
        totalNodes += last.size();
        epochs++;
        return last;
    }

    public SyntheticBatch lastBatch() {
        return last;
    }

    @Override
    public SynthesisReport lastReport() {
        return inner.lastReport();
    }

    public double meanNodesPerEpoch() {
        return epochs == 0 ? 0 : (double) totalNodes / epochs;
    }
}
