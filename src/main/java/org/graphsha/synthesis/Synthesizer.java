package org.graphsha.synthesis;

import java.util.random.RandomGenerator;

import org.graphsha.graph.SyntheticBatch;

/** Builds each epoch's synthetic nodes; the trainer calls it once per epoch, before the forward pass. */
public interface Synthesizer {

    /**
     * @param epoch          0-based epoch index
     * @param previousLogits row-major N x C logits of the original nodes from the previous epoch's
     *                       training-mode forward, or null in the first epoch
     * @param random         the run's seeded generator; draws happen in a fixed order
     */
    SyntheticBatch synthesize(int epoch, float[] previousLogits, RandomGenerator random);

    /** What the last call produced, for progress and results; null when the synthesizer keeps no report. */
    default SynthesisReport lastReport() {
        return null;
    }
}
