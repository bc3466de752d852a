package org.graphsha.method.selection;

import java.util.HashSet;
import java.util.List;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.Method;
import org.graphsha.training.EpochListener;

/**
 * The {@code candidateMethods}, {@code candidateScoring} and {@code validationFolds} keys of {@code graphsha.train}:
 * the methods to choose among, in the user's order (the order breaks ties), what they are compared on, and the
 * number of folds when that is cross-validation. {@link #OFF} when the call names a single {@code method}.
 */
public record MethodCandidates(List<Method> methods, CandidateScoring scoring, int folds) {

    public static final int DEFAULT_FOLDS = 3;

    public static final MethodCandidates OFF = new MethodCandidates(List.of(), CandidateScoring.AUTO, 0);

    public MethodCandidates {
        methods = List.copyOf(methods);
        if (!methods.isEmpty()) {
            if (methods.size() < 2) {
                throw new IllegalArgumentException("a choice needs at least 2 candidate methods, but got " + methods);
            }
            if (new HashSet<>(methods).size() != methods.size()) {
                throw new IllegalArgumentException("candidate methods must be distinct, but got " + methods);
            }
            if (folds < 2) {
                throw new IllegalArgumentException("cross-validation needs at least 2 folds, but got " + folds);
            }
        }
    }

    /** Whether the call chooses its method among candidates. */
    public boolean enabled() {
        return !methods.isEmpty();
    }

    /** {@link #scoring()} resolved for a run's validation nodes: folds or validation, never auto. */
    public CandidateScoring scoringOf(GraphSnapshot snapshot) {
        return scoring.resolve(ValidationScoring.validationPerClass(snapshot));
    }

    /** Trainings the scoring of one run makes, for progress: folds × candidates, or one per candidate. */
    public int scoringRuns(GraphSnapshot snapshot) {
        return (scoringOf(snapshot) == CandidateScoring.FOLDS ? folds : 1) * methods.size();
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
