package org.graphsha.pipeline;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.graphsha.gds.GdsProgress;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.TrainingPlan;
import org.graphsha.method.selection.CandidateScoring;
import org.graphsha.method.selection.MethodCandidates;
import org.graphsha.method.selection.SelectionStats;

/**
 * The progress of the {@code candidateMethods} part of {@code graphsha.train}: the plan scores the candidates one model
 * at a time, and each epoch is a step of this stage, each scoring run a log line (docs/algorithm.md §10.5).
 */
final class CandidateSelection {

    static final String STAGE = "model selection";

    private CandidateSelection() {}

    static GdsProgress.Stage stage(TrainingPlan plan, GraphSnapshot snapshot, int epochs) {
        return new GdsProgress.Stage(STAGE, (long) plan.selection().scoringRuns(snapshot) * epochs);
    }

    static TrainingPlan.Choice choose(TrainingPlan plan, GraphSnapshot snapshot, long seed, GdsProgress progress,
                                      Runnable checkTerminated) {
        progress.beginStage(STAGE);
        MethodCandidates candidates = plan.selection();
        boolean folds = candidates.scoringOf(snapshot) == CandidateScoring.FOLDS;
        TrainingPlan.Choice choice = plan.choose(snapshot, seed, report -> {
            checkTerminated.run();
            progress.progress(1);
        }, (fold, candidate, name, score, epoch) -> progress.info(folds
            ? String.format(Locale.ROOT, "model selection: fold %d/%d, %s: balanced accuracy %.4f on the held-out "
                + "nodes (epoch %d kept)", fold + 1, candidates.folds(), name, score, epoch)
            : String.format(Locale.ROOT, "model selection: %s: balanced accuracy %.4f on the validation nodes "
                + "(epoch %d kept)", name, score, epoch)));
        SelectionStats stats = choice.stats();
        progress.info(String.format(Locale.ROOT, "model selection chose %s: %s balanced accuracy %.4f",
            stats.chosen(), folds ? "mean fold" : "validation", stats.mean(stats.winner())));
        progress.endStage(STAGE);
        return choice;
    }

    /** {@code modelSelectionStats} as the procedure yields them, with how long the scoring took. */
    static Map<String, Object> yielded(TrainingPlan.Choice choice) {
        if (choice.stats() == null) {
            return Map.of();
        }
        Map<String, Object> yielded = new LinkedHashMap<>(choice.stats().toMap());
        yielded.put("millis", choice.nanos() / 1_000_000);
        return yielded;
    }
}
