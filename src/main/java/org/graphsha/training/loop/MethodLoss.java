package org.graphsha.training.loop;

import java.util.Arrays;
import org.graphsha.training.losses.LossKind;
import org.graphsha.training.losses.RenodeWeights;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.nn.Losses;

import ai.djl.ndarray.NDArray;

/**
 * The training loss of a method over the loss rows (real training nodes in ascending order, then
 * synthetic nodes). Class statistics n_c are those of the real training nodes.
 */
final class MethodLoss {

    private final TrainerOptions config;
    private final int[] trainCount;
    private final float[] renode;

    MethodLoss(GraphSnapshot g, TrainerOptions config, int[] trainNodes) {
        this.config = config;
        this.trainCount = g.classCounts(trainNodes);
        for (int c = 0; c < trainCount.length; c++) {
            if (trainCount[c] == 0 && config.loss() != LossKind.VANILLA) {
                throw new IllegalArgumentException("class " + c + " has no training nodes; method "
                    + config.loss().id() + " needs every class in the training set");
            }
        }
        this.renode = config.loss() == LossKind.RENODE ? RenodeWeights.of(g) : null;
    }

    int[] trainCount() {
        return trainCount.clone();
    }

    NDArray compute(NDArray logits, int[] labels) {
        TrainerOptions.LossWeights weights = config.lossWeights();
        if (weights.enabled()) {
            if (config.loss() != LossKind.VANILLA) {
                throw new IllegalArgumentException("classWeights and focusWeight reshape plain cross-entropy; method "
                    + config.loss().id() + " has a loss of its own");
            }
            double[] classWeights = weights.classWeights();
            return Losses.gdsFocal(logits, labels, classWeights == null ? null : perRow(labels, classWeights),
                weights.focusWeight());
        }
        return switch (config.loss()) {
            case VANILLA, PC_SOFTMAX -> Losses.crossEntropy(logits, labels, null);
            case REWEIGHT -> Losses.crossEntropy(logits, labels, perRow(labels, reweight()));
            case CB_LOSS -> Losses.classBalancedSoftmax(logits, labels, perRow(labels, classBalanced()));
            case FOCAL -> Losses.focal(logits, labels, perRow(labels, focalAlpha()), config.focalGamma(), null);
            case RENODE -> Losses.focal(logits, labels, perRow(labels, focalAlpha()), config.focalGamma(),
                renodeRows(labels.length));
        };
    }

    /** TAM get_weight: n_min / n_c. */
    private double[] reweight() {
        int min = Integer.MAX_VALUE;
        for (int n : trainCount) {
            min = Math.min(min, n);
        }
        double[] w = new double[trainCount.length];
        for (int c = 0; c < w.length; c++) {
            w[c] = (double) min / trainCount[c];
        }
        return w;
    }

    /** Effective-number weights (1−β)/(1−β^{n_c}), rescaled to sum to C. */
    private double[] classBalanced() {
        double beta = config.cbBeta();
        double[] w = new double[trainCount.length];
        double sum = 0;
        for (int c = 0; c < w.length; c++) {
            w[c] = (1 - beta) / (1 - Math.pow(beta, trainCount[c]));
            sum += w[c];
        }
        for (int c = 0; c < w.length; c++) {
            w[c] = w[c] / sum * w.length;
        }
        return w;
    }

    /** α_c = mean class size / n_c. */
    private double[] focalAlpha() {
        double mean = 0;
        for (int n : trainCount) {
            mean += n;
        }
        mean /= trainCount.length;
        double[] w = new double[trainCount.length];
        for (int c = 0; c < w.length; c++) {
            w[c] = mean / trainCount[c];
        }
        return w;
    }

    private static float[] perRow(int[] labels, double[] classWeight) {
        float[] w = new float[labels.length];
        for (int i = 0; i < labels.length; i++) {
            w[i] = (float) classWeight[labels[i]];
        }
        return w;
    }

    /** ReNode weights for the real training rows; synthetic rows, if any, weigh 1. */
    private float[] renodeRows(int rows) {
        float[] w = new float[rows];
        Arrays.fill(w, 1f);
        System.arraycopy(renode, 0, w, 0, Math.min(renode.length, rows));
        return w;
    }
}
