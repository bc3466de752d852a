package org.graphsha.training.selection;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.nn.ParameterSet;

/**
 * Model selection of docs/algorithm.md §3: keeps the epoch whose eval-mode logits score highest on
 * validation ((acc + macro-F1)/2). Among equal scores the first wins, or, with
 * {@link SelectionTieBreak#VALIDATION_LOSS}, the one with the lower validation loss. With a window of
 * w > 1 epochs (docs/algorithm.md §10.2) an epoch's score is the mean over it and the w - 1 before, and
 * no epoch before the window fills is kept: one lucky epoch on a few validation nodes then cannot win.
 * The test split is scored only for a kept epoch (or, where the epochs' logits cover only the validation rows, once
 * for the kept epoch by {@link #withEveryRow}), and only a kept epoch's metrics keep the class probabilities
 * that the ranking metrics of a two-class target read.
 *
 * <p>Every training step's epoch passes through {@link #offer}, so early stopping ({@link EarlyStopping})
 * is decided here, on the same score that selects the epoch: an epoch is productive when that score exceeds the best
 * so far by more than the tolerance, and {@link Scored#stop} turns true after patience unproductive epochs in a row.
 * Epochs before the selection window fills have no score and do not count.
 */
public final class ModelSelection {

    /**
     * One epoch's validation result, whether it became the kept epoch, the predicted class of every node, and whether
     * early stopping ends the run after this epoch.
     */
    /**
     * @param predictions every node's predicted class; when only the validation rows are offered, theirs (the other
     *                    entries 0), in an array the next epoch's offer writes over
     */
    public record Scored(Evaluation validation, boolean improved, int[] predictions, boolean stop) {}

    /** The kept epoch. */
    public record Selected(int epoch, Evaluation validation, Evaluation test, float[] logits, ParameterSet parameters) {}

    private final LogitReadout readout;
    private final int[] valNodes;
    private final int[] testNodes;
    /** Whether the offered logits cover the validation rows only, so that the test rows are scored at the end. */
    private boolean validationRowsOnly;
    /** The validation rows' predicted classes when only they are offered; the other entries are 0. */
    private int[] validationPredictions;
    private final SelectionTieBreak tieBreak;
    private double bestScore;
    private double bestLoss = Double.POSITIVE_INFINITY;
    private Selected best;

    private final double[] window;
    private double windowSum;
    private int offered;

    private final EarlyStopping stopping;
    private double stoppingBest = Double.NEGATIVE_INFINITY;
    private int unproductive;

    public ModelSelection(LogitReadout readout, int[] valNodes, int[] testNodes, SelectionTieBreak tieBreak, int window) {
        this(readout, valNodes, testNodes, tieBreak, window, EarlyStopping.OFF);
    }

    public ModelSelection(LogitReadout readout, int[] valNodes, int[] testNodes, SelectionTieBreak tieBreak, int window,
                   EarlyStopping stopping) {
        if (window < 1) {
            throw new IllegalArgumentException("selectionWindow must be at least 1, but was " + window);
        }
        this.readout = readout;
        this.valNodes = valNodes;
        this.testNodes = testNodes;
        this.tieBreak = tieBreak;
        this.window = new double[window];
        this.stopping = stopping;
    }

    /** From now on the offered logits cover the validation rows only; {@link #withEveryRow} then scores the test rows. */
    public void offeredValidationRowsOnly() {
        validationRowsOnly = true;
    }

    /** The kept epoch with the logits of every row at its parameters, and its test metrics from them. */
    public Selected withEveryRow(Selected kept, float[] logits) {
        return new Selected(kept.epoch(), kept.validation(), scored(readout.predict(logits), logits, testNodes), logits,
            kept.parameters());
    }

    /** The mean raw score over the window ending now; -1 until the window has filled. */
    private double smoothed(double raw) {
        int slot = offered % window.length;
        windowSum += raw - window[slot];
        window[slot] = raw;
        offered++;
        return window.length == 1 ? raw : offered < window.length ? -1 : windowSum / window.length;
    }

    /** Scores an epoch; copies the parameters only when it is kept. */
    public Scored offer(int epoch, float[] logits, ParameterSet params) {
        // Logits of the validation rows only are read there only, into one array for the run.
        int[] predictions = validationRowsOnly ? (validationPredictions = readout.predict(logits, valNodes,
            validationPredictions)) : readout.predict(logits);
        Evaluation val = readout.evaluate(predictions, valNodes);
        double score = smoothed(val.selectionScore());
        boolean improved = score > bestScore;
        if (tieBreak == SelectionTieBreak.VALIDATION_LOSS && score > 0 && score >= bestScore) {
            double loss = readout.crossEntropy(logits, valNodes);
            improved = score > bestScore || loss < bestLoss;
            if (improved) {
                bestLoss = loss;
            }
        }
        if (improved) {
            bestScore = score;
            best = new Selected(epoch, val.withScores(readout.scores(logits, valNodes)),
                validationRowsOnly ? null : scored(predictions, logits, testNodes), logits, params.copy());
        }
        return new Scored(val, improved, predictions, stopping.enabled() && unproductiveStreakEnds(score));
    }

    /** Counts the epoch towards the patience; true once patience unproductive epochs have come in a row. */
    private boolean unproductiveStreakEnds(double score) {
        if (score < 0) {
            return false;
        }
        if (score > stoppingBest + stopping.tolerance()) {
            unproductive = 0;
        } else {
            unproductive++;
        }
        stoppingBest = Math.max(stoppingBest, score);
        return unproductive >= stopping.patience();
    }

    /**
     * The kept epoch; when every epoch scored 0 (e.g. one epoch of a degenerate model), the last one,
     * described by its logits and parameters.
     */
    public Selected selected(int lastEpoch, float[] lastLogits, ParameterSet params) {
        if (best != null) {
            return best;
        }
        int[] predictions = readout.predict(lastLogits);
        return new Selected(lastEpoch, scored(predictions, lastLogits, valNodes),
            validationRowsOnly ? null : scored(predictions, lastLogits, testNodes), lastLogits, params.copy());
    }

    /** A kept epoch's metrics carry its probabilities for the ranking metrics; other epochs' need none. */
    private Evaluation scored(int[] predictions, float[] logits, int[] nodes) {
        return readout.evaluate(predictions, nodes).withScores(readout.scores(logits, nodes));
    }
}
