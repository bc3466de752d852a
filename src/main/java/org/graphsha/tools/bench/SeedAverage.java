package org.graphsha.tools.bench;

import java.util.ArrayList;
import java.util.List;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.numeric.Argmax;
import org.graphsha.numeric.Softmax;
import org.graphsha.training.LogitReadout;
import org.graphsha.training.TrainingResult;

/**
 * {@code bench --average-seeds K} (issue 21, item 3): the runs, in order, form blocks of K seeds, and each block
 * predicts with the mean of its runs' class probabilities. The spread over blocks tells whether averaging seeds
 * steadies the result, before the catalog and the predict paths would have to hold several parameter sets.
 */
final class SeedAverage {

    private SeedAverage() {}

    /**
     * @param snapshots  the snapshot each run trained on (the user graph's holdout follows the seed; its test
     *                   nodes, the unlabeled ones, do not)
     * @param logPriors  whether a run predicts argmax(z − log n_c), as PC Softmax does
     */
    static List<Evaluation> blocks(List<TrainingResult> runs, List<GraphSnapshot> snapshots, int k, boolean logPriors) {
        List<Evaluation> out = new ArrayList<>();
        for (int start = 0; start + k <= runs.size(); start += k) {
            out.add(block(runs.subList(start, start + k), snapshots.subList(start, start + k), logPriors));
        }
        return out;
    }

    private static Evaluation block(List<TrainingResult> runs, List<GraphSnapshot> snapshots, boolean logPriors) {
        GraphSnapshot graph = snapshots.get(0);
        int classes = runs.get(0).classCount();
        int n = graph.nodeCount();
        double[] mean = new double[n * classes];
        double[] row = new double[classes];
        for (int r = 0; r < runs.size(); r++) {
            float[] logits = runs.get(r).logits().clone();
            if (logPriors) {
                float[] prior = LogitReadout.logPrior(snapshots.get(r));
                for (int i = 0; i < logits.length; i++) {
                    logits[i] -= prior[i % classes];
                }
            }
            for (int v = 0; v < n; v++) {
                Softmax.row(logits, v * classes, classes, row, 0);
                for (int c = 0; c < classes; c++) {
                    mean[v * classes + c] += row[c] / runs.size();
                }
            }
        }
        int tests = 0;
        for (boolean t : graph.testMask()) {
            tests += t ? 1 : 0;
        }
        int[] truth = new int[tests];
        int[] predicted = new int[tests];
        for (int v = 0, i = 0; v < n; v++) {
            if (graph.testMask()[v]) {
                truth[i] = graph.classes()[v];
                predicted[i++] = Argmax.of(mean, v * classes, classes);
            }
        }
        return Metrics.evaluate(truth, predicted, classes);
    }
}
