package org.graphsha.tools.bench;

import org.graphsha.config.GenerativeBaselines;
import org.graphsha.config.TrainConfig;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.synthesis.GraphShaSynthesizer;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.synthesis.UpsampleSynthesizer;
import org.graphsha.training.EpochListener;
import org.graphsha.training.Trainer;
import org.graphsha.training.TrainingResult;

/**
 * Trains one method on one snapshot for one seed: the core that the single-cell bench and the paper
 * tables share, and the one place that maps a method to its training path (plain loss, a
 * synthesizer on top, or GraphSmote's own step).
 */
final class BenchRunner {

    private final GraphSnapshot snapshot;
    private final TrainConfig train;
    private final NeighbourDistribution distribution;

    /** @param distribution GraphSHA's S̃ for this snapshot; null when the method does not synthesize */
    BenchRunner(GraphSnapshot snapshot, TrainConfig train, NeighbourDistribution distribution) {
        if (train.method().synthesizes() && distribution == null) {
            throw new IllegalArgumentException("method " + train.method() + " needs the diffusion of the snapshot");
        }
        this.snapshot = snapshot;
        this.train = train;
        this.distribution = distribution;
    }

    /** S̃ of the snapshot with the method's diffusion options, or null when the method does not need it. */
    static NeighbourDistribution diffusionFor(GraphSnapshot snapshot, TrainConfig train) {
        return train.method().synthesizes()
            ? Diffusion.compute(snapshot.adjacency(), train.synthesis().diffusion())
            : null;
    }

    TrainingResult run(long seed, EpochListener listener) {
        if (train.method().smote()) {
            return Trainer.trainGraphSmote(snapshot, train.training().withSeed(seed), train.graphSmoteUpScale(), listener);
        }
        return Trainer.train(snapshot, train.training().withSeed(seed), newSynthesizer(), listener,
            GenerativeBaselines.adjustment(train.method(), snapshot));
    }

    /** A fresh synthesizer per run: synthesizers keep per-run state (the last batch, reports). */
    private Synthesizer newSynthesizer() {
        if (train.method().synthesizes()) {
            return new GraphShaSynthesizer(snapshot, distribution, train.synthesis());
        }
        return train.method().augments() ? new UpsampleSynthesizer(snapshot)
            : GenerativeBaselines.synthesizer(train.method(), snapshot);
    }
}
