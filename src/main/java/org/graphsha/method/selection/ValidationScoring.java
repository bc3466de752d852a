package org.graphsha.method.selection;

import java.util.List;
import org.graphsha.graph.Masks;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainingResult;

/**
 * Scores each candidate by its run on the whole split: balanced accuracy on the run's validation nodes at the
 * epoch the run kept (docs/algorithm.md §10.5). Every candidate trains with the run's seed, so each run is the one
 * a call naming that candidate makes. One training per candidate, against folds × candidates for cross-validation,
 * and on a validation set of tens of nodes per class a sharper comparison than folds of the few training nodes of
 * a rare class.
 */
public final class ValidationScoring {

    private ValidationScoring() {}

    /** The validation nodes of each class, which {@link CandidateScoring#AUTO} decides on. */
    public static int[] validationPerClass(GraphSnapshot snapshot) {
        return snapshot.classCounts(validationNodes(snapshot));
    }

    public static SelectionStats run(GraphSnapshot snapshot, List<? extends CrossValidation.Candidate> candidates,
                                     long seed, EpochListener epochs, CrossValidation.FoldListener runs) {
        double[][] scores = new double[candidates.size()][1];
        int[][] kept = new int[candidates.size()][1];
        for (int c = 0; c < candidates.size(); c++) {
            TrainingResult result = candidates.get(c).train(snapshot, seed, epochs);
            scores[c][0] = result.validation().balancedAccuracy();
            kept[c][0] = result.bestEpoch();
            runs.onRun(0, c, candidates.get(c).name(), scores[c][0], result.bestEpoch());
        }
        return new SelectionStats(CandidateScoring.VALIDATION,
            candidates.stream().map(CrossValidation.Candidate::name).toList(),
            candidates.stream().map(CrossValidation.Candidate::parameters).toList(), scores, kept,
            new int[] {validationNodes(snapshot).length});
    }

    private static int[] validationNodes(GraphSnapshot snapshot) {
        return Masks.indices(snapshot.valMask());
    }
}
