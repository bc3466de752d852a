package org.graphsha.method;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainerOptions;

/**
 * A run's configuration: the method and how its model trains (backbone, trainer, synthesis). A call of
 * {@code graphsha.train} has one, or with {@code candidateMethods} one per candidate.
 *
 * @param graphSmoteUpScale GraphSmote's up-scale (0: fill to the mean); ignored by other methods
 */
public record RunConfig(Method method, TrainerOptions training, SynthesisOptions synthesis, double graphSmoteUpScale) {

    /** The same run with {@code threads} PyTorch intra-op threads. */
    public RunConfig withThreads(int threads) {
        return new RunConfig(method, training.withThreads(threads), synthesis, graphSmoteUpScale);
    }

    /**
     * Trains once with the given seed and a fresh synthesizer.
     *
     * @param distribution GraphSHA's S̃ of the graph; read only when the method needs it
     */
    public MethodRun train(GraphSnapshot snapshot, long seed, NeighbourDistribution distribution,
                           EpochListener listener) {
        return MethodRun.train(method, snapshot, training.withSeed(seed), synthesis, distribution, graphSmoteUpScale,
            listener);
    }
}
