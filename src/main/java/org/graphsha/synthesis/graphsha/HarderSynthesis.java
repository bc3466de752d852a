package org.graphsha.synthesis.graphsha;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.graphsha.synthesis.Ablation;
import org.graphsha.synthesis.Hardness;
import org.graphsha.synthesis.SynthesisCounts;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SyntheticEdgeList;
import org.graphsha.synthesis.TrainingClasses;
import org.graphsha.synthesis.sampling.BetaSampling;
import org.graphsha.synthesis.sampling.CumulativeWeights;
import org.graphsha.synthesis.sampling.HistogramSampling;
import org.graphsha.synthesis.sampling.RowNeighbourSampling;
import org.graphsha.synthesis.sampling.WeightedSampling;

import org.graphsha.diffusion.DegreeHistogram;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.numeric.Softmax;

/**
 * GraphSHA's harder samples (docs/algorithm.md §4.4): hard anchors of each minor class, a neighbour
 * class the anchor leans towards, an auxiliary of that class confident in the anchor's class (or,
 * with the kNN hardness of §10.4, anchors and auxiliaries from the latent nearest neighbours),
 * features mostly the auxiliary's (δ ~ Beta(b1, b2)), and edges into the synthetic node from
 * nodes drawn without replacement from the anchor's row of S̃ (SemiMixup).
 */
final class HarderSynthesis {

    private final TrainingClasses training;
    private final DegreeHistogram degrees;
    private final HistogramSampling degreeSampling;
    private final RowNeighbourSampling neighbours;
    private final SynthesisOptions options;
    /** The kNN hardness's pairing (docs/algorithm.md §10.4), null for the reference's confidence rule. */
    private final KnnPairing knn;

    HarderSynthesis(TrainingClasses training, DegreeHistogram degrees, RowNeighbourSampling neighbours,
                    SynthesisOptions options) {
        this.training = training;
        this.degrees = degrees;
        this.degreeSampling = new HistogramSampling(degrees.counts());
        this.neighbours = neighbours;
        this.options = options;
        this.knn = options.hardness().kind() == Hardness.Kind.KNN
            ? new KnnPairing(training, options.hardness().neighbours(), options.excludeOwnClass()) : null;
    }

    SyntheticBatch synthesize(int[] counts, float[] previousLogits, int nodeCount, SyntheticEdgeList edges,
                              RandomGenerator random) {
        int m = SynthesisCounts.total(counts);
        int[] anchors = new int[m];
        int[] auxiliaries = new int[m];
        int[] classes = new int[m];
        if (knn != null) {
            knn.draw(counts, previousLogits, anchors, auxiliaries, classes, random);
        } else {
            drawByConfidence(counts, previousLogits, anchors, auxiliaries, classes, random);
        }
        return mixAndConnect(m, anchors, auxiliaries, classes, nodeCount, edges, random);
    }

    /** Steps 2a-2c of docs/algorithm.md §4.4: the reference code's confidence hardness. */
    private void drawByConfidence(int[] counts, float[] previousLogits, int[] anchors, int[] auxiliaries,
                                  int[] classes, RandomGenerator random) {
        float[][] confidence = confidence(previousLogits);
        int next = 0;
        for (int c = 0; c < counts.length; c++) {
            if (counts[c] == 0) {
                continue;
            }
            int[] drawn = hardAnchors(c, counts[c], confidence, random);
            int[] neighbourClasses = new int[drawn.length];
            for (int k = 0; k < drawn.length; k++) {
                neighbourClasses[k] = neighbourClass(drawn[k], c, confidence, random);
            }
            CumulativeWeights[] auxiliaryWeights = new CumulativeWeights[training.classCount];
            for (int k = 0; k < drawn.length; k++) {
                int other = neighbourClasses[k];
                if (auxiliaryWeights[other] == null) {
                    auxiliaryWeights[other] = auxiliaryWeights(other, c, confidence);
                }
                anchors[next] = drawn[k];
                auxiliaries[next] = training.nodesOf[other][auxiliaryWeights[other].draw(random)];
                classes[next] = c;
                next++;
            }
        }
    }

    /** Steps 3-8 of docs/algorithm.md §4.4, the same for both hardness rules. */
    private SyntheticBatch mixAndConnect(int m, int[] anchors, int[] auxiliaries, int[] classes, int nodeCount,
                               SyntheticEdgeList edges, RandomGenerator random) {
        float[] deltas = new float[m];
        for (int k = 0; k < m; k++) {
            deltas[k] = (float) BetaSampling.beta(options.betaA(), options.betaB(), random);
        }
        boolean withoutSemiMixup = options.ablation() == Ablation.HARD_WITHOUT_SEMIMIXUP;
        int[] rowNodes = withoutSemiMixup ? auxiliaries : anchors;
        int[] syntheticDegrees = new int[m];
        for (int k = 0; k < m; k++) {
            syntheticDegrees[k] = Math.min(degreeSampling.draw(random), degrees.degree(rowNodes[k]));
        }
        for (int k = 0; k < m; k++) {
            for (int neighbour : neighbours.draw(rowNodes[k], syntheticDegrees[k], random)) {
                edges.connect(neighbour, nodeCount + k);
            }
        }
        return new SyntheticBatch(anchors, auxiliaries, deltas, classes, edges.sources(), edges.targets());
    }

    /**
     * softmax(logits/T) of every training node (rows in {@link TrainingClasses#all} order); without
     * logits (no warm-up and epoch 0) every class is equally likely.
     */
    private float[][] confidence(float[] logits) {
        int classCount = training.classCount;
        float[][] p = new float[training.all.length][classCount];
        double temperature = options.temperature();
        double[] row = new double[classCount];
        for (int i = 0; i < training.all.length; i++) {
            if (logits == null) {
                Arrays.fill(p[i], 1f / classCount);
                continue;
            }
            Softmax.row(logits, training.all[i] * classCount, classCount, temperature, row, 0);
            for (int c = 0; c < classCount; c++) {
                p[i][c] = (float) row[c];
            }
        }
        return p;
    }

    /** Anchors of class c drawn with replacement by hardness 1 − P[v][c]. */
    private int[] hardAnchors(int c, int count, float[][] confidence, RandomGenerator random) {
        int[] pool = training.nodesOf[c];
        double[] hardness = new double[pool.length];
        for (int i = 0; i < pool.length; i++) {
            hardness[i] = 1 - confidence[training.indexOf[pool[i]]][c] + SynthesisOptions.WEIGHT_FLOOR;
        }
        int[] picks = WeightedSampling.withReplacement(hardness, count, random);
        int[] anchors = new int[count];
        for (int k = 0; k < count; k++) {
            anchors[k] = pool[picks[k]];
        }
        return anchors;
    }

    /**
     * A class drawn by the anchor's confidence in it. As in the reference, the own class's
     * confidence is zeroed (unless configured otherwise) before the 1e-12 floor is added to every
     * class, so it keeps a negligible chance; classes without training nodes cannot supply an
     * auxiliary and get weight 0.
     */
    private int neighbourClass(int anchor, int ownClass, float[][] confidence, RandomGenerator random) {
        float[] p = confidence[training.indexOf[anchor]];
        double[] weights = new double[training.classCount];
        for (int c = 0; c < weights.length; c++) {
            double mass = options.excludeOwnClass() && c == ownClass ? 0 : p[c];
            weights[c] = training.nodesOf[c].length > 0 ? mass + SynthesisOptions.WEIGHT_FLOOR : 0;
        }
        return WeightedSampling.draw(weights, weights.length, random);
    }

    /** Nodes of the neighbour class weighted by their confidence in the anchor's class. */
    private CumulativeWeights auxiliaryWeights(int neighbourClass, int anchorClass, float[][] confidence) {
        int[] pool = training.nodesOf[neighbourClass];
        double[] weights = new double[pool.length];
        for (int i = 0; i < pool.length; i++) {
            weights[i] = confidence[training.indexOf[pool[i]]][anchorClass] + SynthesisOptions.WEIGHT_FLOOR;
        }
        return new CumulativeWeights(weights);
    }
}
