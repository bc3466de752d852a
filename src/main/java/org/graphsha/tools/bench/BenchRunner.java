package org.graphsha.tools.bench;

import java.util.List;

import org.graphsha.config.TrainConfig;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.Method;
import org.graphsha.method.MethodRun;
import org.graphsha.method.selection.CrossValidation;
import org.graphsha.method.selection.MethodCandidate;
import org.graphsha.method.selection.MethodCandidates;
import org.graphsha.method.selection.SelectionStats;
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

    /**
     * S̃ of the snapshot with the method's diffusion options, or null when the method does not need it; with
     * candidates, computed once when any of them needs it.
     */
    static NeighbourDistribution diffusionFor(GraphSnapshot snapshot, TrainConfig train) {
        return train.methods().stream().filter(Method::needsDiffusion).findFirst()
            .map(m -> m.diffusion(snapshot, train.synthesis())).orElse(null);
    }

    /** A run with candidates: what their scoring measured and the chosen method's run. */
    record Selected(SelectionStats stats, TrainingResult result) {}

    /**
     * {@code --candidateMethods}: the candidates scored as {@code --candidateScoring} says, then the chosen method's
     * run with the options and seed of {@code --method <chosen>}, as graphsha.train does: after cross-validation a
     * run of its own, on the validation nodes the chosen candidate's scoring run.
     */
    Selected select(long seed, EpochListener listener) {
        List<MethodCandidate> candidates = train.candidateRuns(distribution).stream()
            .map(c -> c.withThreads(threads)).toList();
        MethodCandidates.Scored scored = train.candidates().scoreKeepingChosen(snapshot, candidates, seed, listener,
            CrossValidation.FoldListener.NONE);
        MethodRun chosen = scored.chosenRun() != null ? scored.chosenRun()
            : candidates.get(scored.stats().winner()).run(snapshot, seed, listener);
        return new Selected(scored.stats(), chosen.result());
    }

    TrainingResult run(long seed, EpochListener listener) {
        return MethodRun.train(train.method(), snapshot, train.training().withSeed(seed).withThreads(threads),
            train.synthesis(), distribution, train.graphSmoteUpScale(), listener).result();
    }
}
