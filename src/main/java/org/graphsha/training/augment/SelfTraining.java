package org.graphsha.training.augment;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.nn.Losses;
import org.graphsha.nn.Transfer;
import org.graphsha.numeric.Softmax;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The pseudo-labels of one run (docs/algorithm.md §10.1). Before each step the trainer hands over the last
 * eval forward; the nodes whose top probability reaches the mean over the candidates get their predicted
 * class as a target. The loss on them adds log n̂_c, the pseudo-label count of the class, to the logits
 * (balanced softmax): a majority that wins most pseudo-labels would otherwise teach itself to win more.
 * Candidates are the nodes outside the training set that the split did not remove: validation, test and
 * unlabeled nodes, whose labels are never read.
 */
public final class SelfTraining implements EpochAugmentation.Epochs {

    private final SelfTrainingOptions options;
    private final int[] candidates;
    private final int classes;
    private int[] rows = new int[0];
    private int[] targets = new int[0];
    private float[] logCounts;

    SelfTraining(GraphSnapshot graph, SelfTrainingOptions options) {
        this.options = options;
        this.classes = graph.classCount();
        boolean[] train = graph.trainMask();
        int count = 0;
        int[] all = new int[graph.nodeCount()];
        for (int v = 0; v < all.length; v++) {
            // A labeled node outside every mask is one the split removed (or marked 'none'): not a candidate.
            boolean candidate = !train[v] && (graph.valMask()[v] || graph.testMask()[v] || graph.classes()[v] < 0);
            if (candidate) {
                all[count++] = v;
            }
        }
        this.candidates = Arrays.copyOf(all, count);
    }

    /** How many nodes carry a pseudo-label this epoch. */
    int size() {
        return rows.length;
    }

    /** Draws nothing: the pseudo-labels follow from the logits alone. */
    @Override
    public void beforeStep(int epoch, float[] evalLogits, int[] predictions, SplittableRandom random) {
        choose(epoch, evalLogits, predictions);
    }

    /** Chooses this epoch's pseudo-labels from the eval-mode logits and their predicted classes. */
    void choose(int epoch, float[] evalLogits, int[] predictions) {
        if (!options.enabled() || epoch < options.warmupEpochs() || candidates.length == 0) {
            rows = new int[0];
            return;
        }
        double[] probabilities = new double[classes];
        double[] confidence = new double[candidates.length];
        double mean = 0;
        for (int i = 0; i < candidates.length; i++) {
            Softmax.row(evalLogits, candidates[i] * classes, classes, probabilities, 0);
            double top = 0;
            for (double p : probabilities) {
                top = Math.max(top, p);
            }
            confidence[i] = top;
            mean += top / candidates.length;
        }
        int kept = 0;
        int[] chosen = new int[candidates.length];
        int[] counts = new int[classes];
        for (int i = 0; i < candidates.length; i++) {
            if (confidence[i] >= mean) {
                chosen[kept++] = candidates[i];
                counts[predictions[candidates[i]]]++;
            }
        }
        rows = Arrays.copyOf(chosen, kept);
        targets = new int[kept];
        for (int i = 0; i < kept; i++) {
            targets[i] = predictions[rows[i]];
        }
        logCounts = new float[classes];
        for (int c = 0; c < classes; c++) {
            // A class without pseudo-labels counts as one: log 0 would make its logit -inf and the loss NaN.
            logCounts[c] = (float) Math.log(Math.max(counts[c], 1));
        }
    }

    /** The pseudo-labelled nodes of this epoch, ascending. */
    public int[] rows() {
        return rows;
    }

    /** The weighted pseudo-label loss on the training-mode logits of the original rows; null without pseudo-labels. */
    @Override
    public NDArray loss(NDArray logits) {
        if (rows.length == 0) {
            return null;
        }
        return lossOnRows(logits.get(Transfer.longs(logits.getManager(), rows)));
    }

    /** As {@link #loss}, from the training-mode logits of the {@link #rows()} alone, in that order. */
    public NDArray lossOnRows(NDArray rowLogits) {
        if (rows.length == 0) {
            return null;
        }
        NDManager m = rowLogits.getManager();
        NDArray adjusted = rowLogits.add(Transfer.floats(m, logCounts, new Shape(1, classes)));
        return Losses.crossEntropy(adjusted, targets, null).mul(Transfer.scalar(m, (float) options.weight()));
    }
}
