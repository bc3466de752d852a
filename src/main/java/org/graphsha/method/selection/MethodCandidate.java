package org.graphsha.method.selection;

import java.util.Map;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.Method;
import org.graphsha.method.MethodRun;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.training.EpochListener;
import org.graphsha.training.TrainerOptions;
import org.graphsha.training.TrainingResult;

/**
 * A method with the options a call naming it alone would train with.
 *
 * @param parameters   the method and the keys the candidate sets for itself, as {@code modelSelectionStats} shows them
 * @param options      the method's trainer options (its loss); the seed is replaced per fold
 * @param distribution GraphSHA's S̃, computed once for the graph and shared by every fold (the folds change
 *                     masks, not edges); null for methods that do not need it
 */
public record MethodCandidate(String name, Map<String, Object> parameters, Method method, TrainerOptions options,
                              SynthesisOptions synthesis, NeighbourDistribution distribution, double upScale)
    implements CrossValidation.Candidate {

    /** The same candidate trained with {@code threads} PyTorch intra-op threads. */
    public MethodCandidate withThreads(int threads) {
        return new MethodCandidate(name, parameters, method, options.withThreads(threads), synthesis, distribution, upScale);
    }

    @Override
    public TrainingResult train(GraphSnapshot snapshot, long seed, EpochListener listener) {
        return run(snapshot, seed, listener).result();
    }

    /** The run of a call naming this method with the given seed. */
    public MethodRun run(GraphSnapshot snapshot, long seed, EpochListener listener) {
        return MethodRun.train(method, snapshot, options.withSeed(seed), synthesis, distribution, upScale, listener);
    }
}
