package org.graphsha.training.ensemble;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.evaluation.Scores;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;
import org.graphsha.numeric.Argmax;
import org.graphsha.numeric.Softmax;

/**
 * The class probabilities of several models of one graph, averaged: an ensemble of seeds predicts with the mean of
 * its members' softmax(z + offsets), where the offsets are PC Softmax's −log n_c (zeros for every other method)
 * (docs/algorithm.md §10.6). Each member is added as soon as its logits exist, so only one N × C mean is held.
 * With one member the mean is that member's probabilities, bit for bit (p / 1 and 0 + p are exact).
 */
public final class ProbabilityMean {

    private final double[][] mean;
    private final int members;
    private int added;

    /** @param members how many models will be added; each contributes 1/members of the mean */
    public ProbabilityMean(int nodes, int classes, int members) {
        if (members < 1) {
            throw new IllegalArgumentException("an ensemble needs at least one member, but was " + members);
        }
        this.mean = new double[nodes][classes];
        this.members = members;
    }

    /** Adds one member's row-major N × C logits, shifted by its per-class offsets before the softmax. */
    public void add(float[] logits, double[] logitOffsets) {
        if (added == members) {
            throw new IllegalStateException("all " + members + " members were already added");
        }
        int classes = logitOffsets.length;
        float[] row = new float[classes];
        double[] probabilities = new double[classes];
        for (int i = 0; i < mean.length; i++) {
            softmax(logits, i, logitOffsets, row, probabilities);
            for (int c = 0; c < classes; c++) {
                mean[i][c] += probabilities[c] / members;
            }
        }
        added++;
    }

    /**
     * softmax(z + offsets) of node i's logits into {@code probabilities}: the offsets are added in float, as a single
     * model's prediction adds them, and the softmax is taken in double.
     */
    public static void softmax(float[] logits, int node, double[] logitOffsets, float[] row, double[] probabilities) {
        int classes = logitOffsets.length;
        for (int c = 0; c < classes; c++) {
            row[c] = logits[node * classes + c] + (float) logitOffsets[c];
        }
        Softmax.row(row, 0, classes, probabilities, 0);
    }

    /** The mean, one row per node; complete once every member was added. */
    public double[][] probabilities() {
        if (added != members) {
            throw new IllegalStateException(added + " of " + members + " members were added");
        }
        return mean;
    }

    /**
     * Metrics of the mean's argmax (first class on ties) on the nodes of {@code mask}, with the mean as the scores of
     * a two-class target's ranking metrics.
     */
    public Evaluation evaluate(GraphSnapshot graph, boolean[] mask) {
        double[][] p = probabilities();
        int[] nodes = Masks.indices(mask);
        int[] truth = new int[nodes.length];
        int[] predicted = new int[nodes.length];
        double[][] rows = new double[nodes.length][];
        for (int k = 0; k < nodes.length; k++) {
            truth[k] = graph.classes()[nodes[k]];
            predicted[k] = Argmax.of(p[nodes[k]]);
            rows[k] = p[nodes[k]];
        }
        return Metrics.evaluate(truth, predicted, rows, graph.classCount());
    }

    /** The classes and mean probabilities of the nodes of {@code mask}, in node order. */
    public Scores at(GraphSnapshot graph, boolean[] mask) {
        double[][] p = probabilities();
        int[] nodes = Masks.indices(mask);
        int[] truth = new int[nodes.length];
        double[][] rows = new double[nodes.length][];
        for (int k = 0; k < nodes.length; k++) {
            truth[k] = graph.classes()[nodes[k]];
            rows[k] = p[nodes[k]];
        }
        return new Scores(truth, rows);
    }

    /**
     * The classes and probabilities softmax(z + offsets) of one model's logits on the nodes of {@code mask}, in node
     * order: those rows alone, without the N × C mean.
     */
    public static Scores single(float[] logits, double[] logitOffsets, GraphSnapshot graph, boolean[] mask) {
        int[] nodes = Masks.indices(mask);
        int classes = logitOffsets.length;
        int[] truth = new int[nodes.length];
        double[][] rows = new double[nodes.length][classes];
        float[] row = new float[classes];
        for (int k = 0; k < nodes.length; k++) {
            truth[k] = graph.classes()[nodes[k]];
            softmax(logits, nodes[k], logitOffsets, row, rows[k]);
        }
        return new Scores(truth, rows);
    }
}
