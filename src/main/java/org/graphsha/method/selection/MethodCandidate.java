package org.graphsha.method.selection;

import java.util.Map;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.MethodRun;
import org.graphsha.method.RunConfig;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainingResult;

/**
 * A run configuration with what its scoring shows of it.
 *
 * @param parameters   the method and the keys the candidate sets for itself, as {@code modelSelectionStats} shows them
 * @param config       the configuration a call naming this method alone would train with; the seed is replaced per
 *                     fold
 * @param distribution GraphSHA's S̃, computed once for the graph and shared by every fold (the folds change
 *                     masks, not edges); null for methods that do not need it
 */
public record MethodCandidate(String name, Map<String, Object> parameters, RunConfig config,
                              NeighbourDistribution distribution) implements CrossValidation.Candidate {

    /** The same candidate trained with {@code threads} PyTorch intra-op threads. */
    public MethodCandidate withThreads(int threads) {
        return new MethodCandidate(name, parameters, config.withThreads(threads), distribution);
    }

    @Override
    public TrainingResult train(GraphSnapshot snapshot, long seed, EpochListener listener) {
        return run(snapshot, seed, listener).result();
    }

    /** The run of a call naming this method with the given seed. */
    public MethodRun run(GraphSnapshot snapshot, long seed, EpochListener listener) {
        return config.train(snapshot, seed, distribution, listener);
    }
}
