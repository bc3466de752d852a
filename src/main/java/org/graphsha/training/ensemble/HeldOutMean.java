package org.graphsha.training.ensemble;

import java.util.ArrayList;
import java.util.List;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.evaluation.Scores;
import org.graphsha.numeric.Argmax;

/**
 * Out-of-bag metrics of an ensemble whose members drew their own holdouts (docs/algorithm.md §10.6): each labeled
 * node is predicted by the mean class probabilities of only the members that held it out, which never trained on
 * it, and nodes that no member held out are not scored. The same softmax(z + offsets) as {@link ProbabilityMean}.
 */
public final class HeldOutMean {

    private final double[][] sum;
    private final int[] members;

    public HeldOutMean(int nodes, int classes) {
        this.sum = new double[nodes][classes];
        this.members = new int[nodes];
    }

    /** Adds one member's row-major N × C logits on the nodes it held out. */
    public void add(float[] logits, double[] logitOffsets, boolean[] heldOut) {
        int classes = logitOffsets.length;
        float[] row = new float[classes];
        double[] probabilities = new double[classes];
        for (int i = 0; i < sum.length; i++) {
            if (!heldOut[i]) {
                continue;
            }
            ProbabilityMean.softmax(logits, i, logitOffsets, row, probabilities);
            for (int c = 0; c < classes; c++) {
                sum[i][c] += probabilities[c];
            }
            members[i]++;
        }
    }

    /** Metrics of the held-out means' argmax (first class on ties) against {@code labels}, on every node held out once. */
    public Evaluation evaluate(int[] labels, int classCount) {
        List<Integer> scored = new ArrayList<>();
        for (int i = 0; i < sum.length; i++) {
            if (members[i] > 0) {
                scored.add(i);
            }
        }
        int[] truth = new int[scored.size()];
        int[] predicted = new int[scored.size()];
        // The mean of the members that held the node out: only a two-class target's ranking metrics read it.
        double[][] probabilities = classCount == 2 ? new double[scored.size()][] : null;
        for (int k = 0; k < scored.size(); k++) {
            int node = scored.get(k);
            truth[k] = labels[node];
            predicted[k] = Argmax.of(sum[node]);
            if (probabilities != null) {
                probabilities[k] = new double[classCount];
                for (int c = 0; c < classCount; c++) {
                    probabilities[k][c] = sum[node][c] / members[node];
                }
            }
        }
        return probabilities == null ? Metrics.evaluate(truth, predicted, classCount)
            : Metrics.evaluate(truth, predicted, probabilities, classCount);
    }

    /** The classes in {@code labels} and held-out mean probabilities of every node held out at least once. */
    public Scores heldOut(int[] labels) {
        List<Integer> scored = new ArrayList<>();
        for (int i = 0; i < sum.length; i++) {
            if (members[i] > 0) {
                scored.add(i);
            }
        }
        int[] truth = new int[scored.size()];
        double[][] rows = new double[scored.size()][];
        for (int k = 0; k < rows.length; k++) {
            int node = scored.get(k);
            truth[k] = labels[node];
            rows[k] = new double[sum[node].length];
            for (int c = 0; c < rows[k].length; c++) {
                rows[k][c] = sum[node][c] / members[node];
            }
        }
        return new Scores(truth, rows);
    }
}
