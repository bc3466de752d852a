package org.graphsha.pipeline;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.gds.GdsProgress;
import org.graphsha.method.MethodRun;
import org.graphsha.method.selection.CandidateScoring;
import org.graphsha.method.selection.MethodCandidates;
import org.graphsha.method.selection.SelectionStats;
import org.graphsha.method.selection.StratifiedFolds;

/**
 * The {@code candidateMethods} part of {@code graphsha.train}: the candidates scored on folds or on the validation
 * nodes, one model at a time, each epoch a step of its own progress stage (docs/algorithm.md §10.5).
 */
final class CandidateSelection {

    static final String STAGE = "model selection";

    /**
     * @param run         the configuration of a call naming the chosen candidate
     * @param kept        the configuration the model keeps: the run's, with the choice's keys when there was one
     * @param stats       {@code modelSelectionStats} as the procedure yields them
     * @param nanos       how long the selection took, which the yield's pre-processing time leaves out
     * @param chosenRun   the chosen candidate's run when scored on the validation nodes: the final run's member 0,
     *                    which need not be trained again; null after cross-validation or without candidates
     */
    record Choice(TrainConfig run, Map<String, Object> kept, Map<String, Object> stats, long nanos, MethodRun chosenRun) {

        static Choice none(TrainConfig config) {
            return new Choice(config, config.effective(), Map.of(), 0, null);
        }
    }

    private CandidateSelection() {}

    /** Fails, before the diffusion like every other bad input, when there are too many folds for the training nodes. */
    static void checkFolds(TrainConfig config, TrainingData data) {
        if (config.candidates().scoringOf(data.snapshot()) == CandidateScoring.FOLDS) {
            StratifiedFolds.assign(data.snapshot().trainMask(), data.snapshot().classes(),
                data.snapshot().classCount(), config.candidates().folds(), config.training().seed());
        }
    }

    static GdsProgress.Stage stage(TrainConfig config, TrainingData data) {
        return new GdsProgress.Stage(STAGE,
            (long) config.candidates().scoringRuns(data.snapshot()) * config.training().epochs());
    }

    static Choice choose(TrainConfig config, TrainingData data, NeighbourDistribution distribution,
                         GdsProgress progress, Runnable checkTerminated) {
        long start = System.nanoTime();
        progress.beginStage(STAGE);
        MethodCandidates candidates = config.candidates();
        boolean folds = candidates.scoringOf(data.snapshot()) == CandidateScoring.FOLDS;
        MethodCandidates.Scored scored = candidates.scoreKeepingChosen(data.snapshot(),
            config.candidateRuns(distribution), config.training().seed(), report -> {
                checkTerminated.run();
                progress.progress(1);
            }, (fold, candidate, name, score, epoch) -> progress.info(folds
                ? String.format(Locale.ROOT, "model selection: fold %d/%d, %s: balanced accuracy %.4f on the held-out "
                    + "nodes (epoch %d kept)", fold + 1, candidates.folds(), name, score, epoch)
                : String.format(Locale.ROOT, "model selection: %s: balanced accuracy %.4f on the validation nodes "
                    + "(epoch %d kept)", name, score, epoch)));
        SelectionStats stats = scored.stats();
        progress.info(String.format(Locale.ROOT, "model selection chose %s: %s balanced accuracy %.4f",
            stats.chosen(), folds ? "mean fold" : "validation", stats.mean(stats.winner())));
        progress.endStage(STAGE);
        long nanos = System.nanoTime() - start;
        Map<String, Object> yielded = new LinkedHashMap<>(stats.toMap());
        yielded.put("millis", nanos / 1_000_000);
        int winner = stats.winner();
        return new Choice(config.forCandidate(winner), config.chosenConfiguration(winner), yielded, nanos,
            scored.chosenRun());
    }
}
