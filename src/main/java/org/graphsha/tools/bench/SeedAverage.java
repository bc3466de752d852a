package org.graphsha.tools.bench;

import java.util.ArrayList;
import java.util.List;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.training.LogitReadout;
import org.graphsha.training.ProbabilityMean;
import org.graphsha.training.TrainingResult;

/**
 * {@code bench --average-seeds K} (issue 21, item 3): the runs, in order, form blocks of K seeds, and each block
 * predicts with the mean of its runs' class probabilities. The spread over blocks tells whether averaging seeds
 * steadies the result. On a split that comes with the data, a block is what {@code graphsha.train} with
 * {@code ensembleSize: K} and the block's first seed predicts (docs/algorithm.md §10.6); on the user graph each run
 * draws the holdout of its seed, as each member of such an ensemble does.
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
        ProbabilityMean mean = new ProbabilityMean(graph.nodeCount(), classes, runs.size());
        for (int r = 0; r < runs.size(); r++) {
            mean.add(runs.get(r).logits(), LogitReadout.logitOffsets(snapshots.get(r), logPriors));
        }
        return mean.evaluate(graph, graph.testMask());
    }
}
