package org.graphsha.tools.bench;

import org.graphsha.config.TrainConfig;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.training.EpochListener;
import org.graphsha.training.TrainingResult;

/**
 * Trains one method on one snapshot for one seed: the core that the single-cell bench and the paper
 * tables share. What the method does is its plan's ({@link org.graphsha.method.Method}).
 */
final class BenchRunner {

    private final GraphSnapshot snapshot;
    private final TrainConfig train;
    private final NeighbourDistribution distribution;
    private final int threads;

    /**
     * @param distribution GraphSHA's S̃ for this snapshot; null when the method does not synthesize
     * @param threads      PyTorch intra-op threads of each run; 0 means 1, which keeps runs bit-reproducible
     */
    BenchRunner(GraphSnapshot snapshot, TrainConfig train, NeighbourDistribution distribution, int threads) {
        this.snapshot = snapshot;
        this.train = train;
        this.distribution = distribution;
        this.threads = Math.max(threads, 1);
    }

    /** S̃ of the snapshot with the method's diffusion options, or null when the method does not need it. */
    static NeighbourDistribution diffusionFor(GraphSnapshot snapshot, TrainConfig train) {
        return train.method().diffusion(snapshot, train.synthesis());
    }

    /** A fresh synthesizer per run: synthesizers keep per-run state (the last batch, reports). */
    TrainingResult run(long seed, EpochListener listener) {
        return train.method().train(snapshot, train.training().withSeed(seed).withThreads(threads),
            train.method().newSynthesizer(snapshot, distribution, train.synthesis()), train.graphSmoteUpScale(), listener);
    }
}
