package org.graphsha.training.selection;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.evaluation.Scores;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;
import org.graphsha.numeric.Softmax;
import org.graphsha.training.ensemble.ProbabilityMean;

/**
 * Reads eval-mode logits (row-major N x C) of one graph: the predicted class per node, the metrics on a
 * node set, and the validation loss the plateau scheduler watches. Kept in plain Java arrays because
 * the loop needs them every epoch after the engine scope has closed.
 */
public final class LogitReadout {

    private final int[] labels;
    private final int classes;
    /** log n_c subtracted before the argmax (PC-Softmax); null for every other method. */
    private final float[] logPrior;
    /** What the stored model adds to its logits before the softmax (see {@link #logitOffsets}). */
    private final double[] offsets;

    public LogitReadout(GraphSnapshot graph, boolean priorCorrected) {
        this.labels = graph.classes();
        this.classes = graph.classCount();
        this.logPrior = priorCorrected ? logPrior(graph) : null;
        this.offsets = new double[classes];
        for (int c = 0; logPrior != null && c < classes; c++) {
            offsets[c] = -logPrior[c];
        }
    }

    /** Argmax per node, first index on ties (as torch and numpy). */
    public int[] predict(float[] logits) {
        int n = logits.length / classes;
        int[] out = new int[n];
        for (int v = 0; v < n; v++) {
            out[v] = argmax(logits, v);
        }
        return out;
    }

    /** The argmax of the given rows only, into {@code into} (one entry per node); the other entries keep theirs. */
    int[] predict(float[] logits, int[] rows, int[] into) {
        int[] out = into != null && into.length == logits.length / classes ? into : new int[logits.length / classes];
        for (int v : rows) {
            out[v] = argmax(logits, v);
        }
        return out;
    }

    private int argmax(float[] logits, int v) {
        int off = v * classes;
        int best = 0;
        float bestValue = Float.NEGATIVE_INFINITY;
        for (int c = 0; c < classes; c++) {
            float z = logPrior == null ? logits[off + c] : logits[off + c] - logPrior[c];
            if (z > bestValue) {
                bestValue = z;
                best = c;
            }
        }
        return best;
    }

    Evaluation evaluate(int[] predictions, int[] nodes) {
        int[] truth = new int[nodes.length];
        int[] pred = new int[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            truth[i] = labels[nodes[i]];
            pred[i] = predictions[nodes[i]];
        }
        return Metrics.evaluate(truth, pred, classes);
    }

    /**
     * The nodes' true classes and class probabilities, softmax(z + offsets) as the stored model predicts them, for
     * the ranking metrics of a two-class target; null for any other class count (none are computed there).
     */
    Scores scores(float[] logits, int[] nodes) {
        if (classes != 2) {
            return null;
        }
        int[] truth = new int[nodes.length];
        double[][] probabilities = new double[nodes.length][classes];
        float[] row = new float[classes];
        for (int i = 0; i < nodes.length; i++) {
            truth[i] = labels[nodes[i]];
            ProbabilityMean.softmax(logits, nodes[i], offsets, row, probabilities[i]);
        }
        return new Scores(truth, probabilities);
    }

    /** Mean cross-entropy over the given rows, in double with log-sum-exp so large logits do not overflow. */
    public double crossEntropy(float[] logits, int[] rows) {
        double total = 0;
        for (int v : rows) {
            int off = v * classes;
            total += Softmax.logSumExp(logits, off, classes) - logits[off + labels[v]];
        }
        return rows.length == 0 ? 0 : total / rows.length;
    }

    /**
     * What a model adds to its logits before the softmax: −log n_c with the prior correction (PC-Softmax), zeros
     * otherwise. The catalog stores them with the model, and an ensemble applies them to every member.
     */
    public static double[] logitOffsets(GraphSnapshot graph, boolean priorCorrected) {
        double[] offsets = new double[graph.classCount()];
        if (priorCorrected) {
            float[] prior = logPrior(graph);
            for (int c = 0; c < offsets.length; c++) {
                offsets[c] = -prior[c];
            }
        }
        return offsets;
    }

    /** log n_c over the training nodes: PC-Softmax predicts argmax(z - log n_c). */
    public static float[] logPrior(GraphSnapshot graph) {
        int[] count = graph.classCounts(Masks.indices(graph.trainMask()));
        float[] prior = new float[count.length];
        for (int c = 0; c < count.length; c++) {
            prior[c] = (float) Math.log(count[c]);
        }
        return prior;
    }
}
