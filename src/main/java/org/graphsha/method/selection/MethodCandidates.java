package org.graphsha.method.selection;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.MethodRun;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainingResult;

/**
 * The {@code candidateMethods}, {@code candidateScoring} and {@code validationFolds} keys of {@code graphsha.train}:
 * the candidates to choose among, by name in the user's order (the order breaks ties), what they are compared on, and
 * the number of folds when that is cross-validation. {@link #OFF} when the call names a single {@code method}.
 */
public record MethodCandidates(List<String> names, CandidateScoring scoring, int folds) {

    public static final int DEFAULT_FOLDS = 3;

    public static final MethodCandidates OFF = new MethodCandidates(List.of(), CandidateScoring.AUTO, 0);

    public MethodCandidates {
        names = List.copyOf(names);
        if (!names.isEmpty()) {
            if (names.size() < 2) {
                throw new IllegalArgumentException("a choice needs at least 2 candidates, but got " + names);
            }
            if (new HashSet<>(names).size() != names.size()) {
                throw new IllegalArgumentException("candidates must be distinct, but got " + names);
            }
            if (folds < 2) {
                throw new IllegalArgumentException("cross-validation needs at least 2 folds, but got " + folds);
            }
        }
    }

    /** Whether the call chooses its method among candidates. */
    public boolean enabled() {
        return !names.isEmpty();
    }

    /** {@link #scoring()} resolved for a run's validation nodes: folds or validation, never auto. */
    public CandidateScoring scoringOf(GraphSnapshot snapshot) {
        return scoring.resolve(ValidationScoring.validationPerClass(snapshot));
    }

    /** Whether the scoring keeps the chosen candidate's run as the model (on the validation nodes), sparing a training. */
    public boolean keepsChosenRun(GraphSnapshot snapshot) {
        return keepsChosenRun(ValidationScoring.validationPerClass(snapshot));
    }

    /** As above, from the validation nodes of each class. */
    public boolean keepsChosenRun(int[] validationPerClass) {
        return enabled() && scoring.resolve(validationPerClass) == CandidateScoring.VALIDATION;
    }

    /** Trainings the scoring of one run makes, for progress: folds × candidates, or one per candidate. */
    public int scoringRuns(GraphSnapshot snapshot) {
        return (scoringOf(snapshot) == CandidateScoring.FOLDS ? folds : 1) * names.size();
    }

    /**
     * What scoring found, and on the validation nodes the chosen candidate's run: each candidate trains once there,
     * with the run's split and seed, so that run is the one a call naming the chosen method makes and need not be
     * trained again.
     *
     * @param chosenRun null after cross-validation
     */
    public record Scored(SelectionStats stats, MethodRun chosenRun) {}

    /**
     * As {@link #score}, keeping the chosen candidate's run when the scoring is on the validation nodes. Only the best
     * run so far is held (by the score and tie rule of {@link ValidationScoring}), not one N × C result per candidate.
     */
    public Scored scoreKeepingChosen(GraphSnapshot snapshot, List<MethodCandidate> candidates, long seed,
                                     EpochListener epochs, CrossValidation.FoldListener runs) {
        if (!keepsChosenRun(snapshot)) {
            return new Scored(score(snapshot, candidates, seed, epochs, runs), null);
        }
        BestRun best = new BestRun();
        List<CrossValidation.Candidate> keeping = new ArrayList<>();
        for (int c = 0; c < candidates.size(); c++) {
            MethodCandidate candidate = candidates.get(c);
            int index = c;
            keeping.add(new CrossValidation.Candidate() {
                @Override
                public String name() {
                    return candidate.name();
                }

                @Override
                public Map<String, Object> parameters() {
                    return candidate.parameters();
                }

                @Override
                public TrainingResult train(GraphSnapshot graph, long runSeed, EpochListener listener) {
                    MethodRun run = candidate.run(graph, runSeed, listener);
                    best.offer(index, run);
                    return run.result();
                }
            });
        }
        SelectionStats stats = score(snapshot, keeping, seed, epochs, runs);
        return new Scored(stats, best.index == stats.winner() ? best.run : null);
    }

    /** The run with the highest validation balanced accuracy so far, by the rule of {@link SelectionStats#winner}. */
    private static final class BestRun {
        private int index = -1;
        private MethodRun run;
        private double score;

        void offer(int candidate, MethodRun offered) {
            double offeredScore = offered.result().validation().balancedAccuracy();
            if (run == null || SelectionStats.replaces(offeredScore, score)) {
                index = candidate;
                run = offered;
                score = offeredScore;
            }
        }
    }

    /**
     * Scores the candidates of a run as its resolved scoring says.
     *
     * @param seed the run's seed
     */
    public SelectionStats score(GraphSnapshot snapshot, List<? extends CrossValidation.Candidate> candidates, long seed,
                                EpochListener epochs, CrossValidation.FoldListener runs) {
        return scoringOf(snapshot) == CandidateScoring.FOLDS
            ? CrossValidation.run(snapshot, candidates, folds, seed, epochs, runs)
            : ValidationScoring.run(snapshot, candidates, seed, epochs, runs);
    }
}
