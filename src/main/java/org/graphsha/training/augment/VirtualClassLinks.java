package org.graphsha.training.augment;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.IntArrayBuilder;
import org.graphsha.graph.MeanNodeBatch;
import org.graphsha.numeric.Softmax;

/**
 * The virtual class nodes of one run (BAT, docs/algorithm.md §10.3). Before each step the trainer hands over
 * the last eval forward and its predicted classes; this draws the epoch's links from uncertain nodes to the
 * virtual nodes of the classes they might belong to.
 *
 * <p>Every node takes its training label when it has one, else its predicted class: call it ŷ. A node's
 * risk is how much its uncertainty 1 − max softmax exceeds the mean uncertainty of the nodes with the same ŷ,
 * scaled by n_ŷ / max n_c over the training counts, so that nodes placed in a small class are moved less.
 * Its candidate classes are all but ŷ, weighted by its own softmax (BAT0) or by the ŷ of its neighbours
 * (BAT1), then normalised to sum to one. The link to class c's virtual node is drawn with probability
 * risk · weight_c. Virtual node c's features are the mean features of the nodes whose ŷ is c.
 *
 * <p>Nodes the split removed (labeled, outside every mask: the long-tailed protocol takes them out of the
 * graph) take no part. Only classes with training nodes get a virtual node.
 */
final class VirtualClassLinks implements EpochAugmentation.Epochs {

    private final VirtualClassNodes mode;
    private final Csr adjacency;
    private final int n;
    private final int classes;
    private final boolean[] train;
    private final int[] labels;
    private final boolean[] takesPart;
    private final double[] classWeight;
    /** Class → its virtual node's index, or −1 for a class without training nodes. */
    private final int[] virtualOf;
    private final int[] virtualClasses;
    private MeanNodeBatch current = MeanNodeBatch.EMPTY;

    VirtualClassLinks(GraphSnapshot graph, VirtualClassNodes mode) {
        this.mode = mode;
        this.adjacency = graph.adjacency();
        this.n = graph.nodeCount();
        this.classes = graph.classCount();
        this.train = graph.trainMask();
        this.labels = graph.classes();
        this.takesPart = new boolean[n];
        int[] trainCount = new int[classes];
        for (int v = 0; v < n; v++) {
            boolean removed = labels[v] >= 0 && !train[v] && !graph.valMask()[v] && !graph.testMask()[v];
            takesPart[v] = !removed;
            if (train[v]) {
                trainCount[labels[v]]++;
            }
        }
        int max = Arrays.stream(trainCount).max().orElse(0);
        this.classWeight = new double[classes];
        this.virtualOf = new int[classes];
        int count = 0;
        for (int c = 0; c < classes; c++) {
            classWeight[c] = max == 0 ? 0 : (double) trainCount[c] / max;
            virtualOf[c] = trainCount[c] > 0 ? count++ : -1;
        }
        this.virtualClasses = new int[count];
        for (int c = 0; c < classes; c++) {
            if (virtualOf[c] >= 0) {
                virtualClasses[virtualOf[c]] = c;
            }
        }
    }

    /** This epoch's virtual nodes and links; empty when the mode is {@link VirtualClassNodes#NONE}. */
    @Override
    public MeanNodeBatch nodes() {
        return current;
    }

    /**
     * Draws this epoch's links from the eval-mode logits (N x C, row-major) of the parameters the step starts
     * from and their predicted classes.
     */
    @Override
    public void beforeStep(int epoch, float[] evalLogits, int[] predictions, SplittableRandom random) {
        if (!mode.enabled()) {
            current = MeanNodeBatch.EMPTY;
            return;
        }
        int[] assigned = assignedClasses(predictions);
        double[] p = linkProbabilities(evalLogits, assigned);
        IntArrayBuilder linkedNodes = new IntArrayBuilder();
        IntArrayBuilder linkedMeanNodes = new IntArrayBuilder();
        // Class-major order, as a C x N matrix is read row by row; only non-zero probabilities draw.
        for (int k = 0; k < virtualClasses.length; k++) {
            int c = virtualClasses[k];
            for (int v = 0; v < n; v++) {
                double probability = p[v * classes + c];
                if (probability > 0 && random.nextDouble() < probability) {
                    linkedNodes.add(v);
                    linkedMeanNodes.add(k);
                }
            }
        }
        current = members(assigned, linkedNodes.toArray(), linkedMeanNodes.toArray());
    }

    /** ŷ: the training label where there is one, else the predicted class. */
    int[] assignedClasses(int[] predictions) {
        int[] assigned = predictions.clone();
        for (int v = 0; v < n; v++) {
            if (train[v]) {
                assigned[v] = labels[v];
            }
        }
        return assigned;
    }

    /** Link probability of every node to every class's virtual node, N x C row-major (0 for removed nodes). */
    double[] linkProbabilities(float[] evalLogits, int[] assigned) {
        double[] probabilities = new double[n * classes];
        double[] uncertainty = new double[n];
        double[] uncertaintySum = new double[classes];
        int[] assignedCount = new int[classes];
        for (int v = 0; v < n; v++) {
            if (!takesPart[v]) {
                continue;
            }
            Softmax.row(evalLogits, v * classes, classes, probabilities, v * classes);
            double top = 0;
            for (int c = 0; c < classes; c++) {
                top = Math.max(top, probabilities[v * classes + c]);
            }
            uncertainty[v] = 1 - top;
            uncertaintySum[assigned[v]] += uncertainty[v];
            assignedCount[assigned[v]]++;
        }
        double[] link = new double[n * classes];
        double[] weight = new double[classes];
        for (int v = 0; v < n; v++) {
            if (!takesPart[v]) {
                continue;
            }
            int own = assigned[v];
            double risk = Math.max(0, uncertainty[v] - uncertaintySum[own] / assignedCount[own]) * classWeight[own];
            if (risk == 0) {
                continue;
            }
            candidateWeights(v, own, probabilities, assigned, weight);
            double sum = 0;
            for (double w : weight) {
                sum += w;
            }
            if (sum == 0) {
                continue;
            }
            for (int c = 0; c < classes; c++) {
                link[v * classes + c] = risk * weight[c] / sum;
            }
        }
        return link;
    }

    /** Unnormalised weights of the classes node v might belong to: never its own, never one without a virtual node. */
    private void candidateWeights(int v, int own, double[] probabilities, int[] assigned, double[] weight) {
        if (mode == VirtualClassNodes.BAT0) {
            System.arraycopy(probabilities, v * classes, weight, 0, classes);
        } else {
            Arrays.fill(weight, 0);
            int[] offsets = adjacency.offsets();
            int[] neighbours = adjacency.neighbours();
            for (int k = offsets[v]; k < offsets[v + 1]; k++) {
                int u = neighbours[k];
                if (u != v) {
                    weight[assigned[u]]++;
                }
            }
        }
        weight[own] = 0;
        for (int c = 0; c < classes; c++) {
            if (virtualOf[c] < 0) {
                weight[c] = 0;
            }
        }
    }

    /** The batch: each virtual node's members are the taking-part nodes assigned its class. */
    private MeanNodeBatch members(int[] assigned, int[] linkedNodes, int[] linkedMeanNodes) {
        int[] offsets = new int[virtualClasses.length + 1];
        for (int v = 0; v < n; v++) {
            if (takesPart[v] && virtualOf[assigned[v]] >= 0) {
                offsets[virtualOf[assigned[v]] + 1]++;
            }
        }
        for (int k = 0; k < virtualClasses.length; k++) {
            offsets[k + 1] += offsets[k];
        }
        int[] fill = Arrays.copyOf(offsets, virtualClasses.length);
        int[] members = new int[offsets[virtualClasses.length]];
        for (int v = 0; v < n; v++) {
            if (takesPart[v] && virtualOf[assigned[v]] >= 0) {
                members[fill[virtualOf[assigned[v]]]++] = v;
            }
        }
        return new MeanNodeBatch(virtualClasses.clone(), offsets, members, linkedNodes, linkedMeanNodes);
    }
}
