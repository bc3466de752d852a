package org.graphsha.synthesis.ens;

import java.util.random.RandomGenerator;
import org.graphsha.synthesis.EasyMixing;
import org.graphsha.synthesis.FeatureGradientListener;
import org.graphsha.synthesis.SynthesisCounts;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SynthesisTarget;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.synthesis.SyntheticEdgeList;
import org.graphsha.synthesis.SyntheticEdges;
import org.graphsha.synthesis.TrainingClasses;
import org.graphsha.synthesis.sampling.BetaSampling;
import org.graphsha.synthesis.sampling.RowNeighbourSampling;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.FeatureCorrection;
import org.graphsha.graph.FloatArrayBuilder;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.IntArrayBuilder;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;

/**
 * The GraphENS baseline (docs/algorithm.md §5). Every epoch each class is filled up to the largest class:
 * anchors uniformly per class, partners from all training nodes weighted log(n_c)/n_c, δ ~ Beta(2, 2),
 * the anchor's class. Warm-up epochs mix plainly and copy the anchor's edges (as GraphSHA's warm-up).
 * Later epochs draw the neighbourhood from the KL-weighted mixture of anchor and partner
 * neighbourhoods ({@link EnsNeighbourMixing}) and keep the anchor's value on salient features drawn
 * from the partner's input gradient of the previous step ({@link SalientFeatures}).
 *
 * <p>RNG order per later epoch: anchors, partners, all δ, all degrees, all neighbour draws, then the
 * salient features of each synthetic node in order. As in the reference.
 */
public final class EnsSynthesizer implements Synthesizer, FeatureGradientListener {

    private final int nodeCount;
    private final int classCount;
    private final SparseFeatures features;
    private final TrainingClasses training;
    private final EasyMixing mixing;
    private final EnsNeighbourMixing neighbours;
    private final EnsOptions options;
    private final int[] counts;
    /** |training nodes| x F gradient rows of the last step, or null before the first step. */
    private float[] saliency;

    public EnsSynthesizer(GraphSnapshot snapshot, EnsOptions options) {
        this.nodeCount = snapshot.nodeCount();
        this.classCount = snapshot.classCount();
        this.features = snapshot.features();
        this.training = new TrainingClasses(snapshot);
        this.mixing = new EasyMixing(training, snapshot.adjacency());
        this.neighbours = new EnsNeighbourMixing(snapshot);
        this.options = options;
        int[] sizes = training.sizes();
        for (int c = 0; c < sizes.length; c++) {
            if (sizes[c] == 0) {
                throw new IllegalArgumentException("class " + c + " has no training nodes; GraphENS needs every "
                    + "class in the training set");
            }
        }
        this.counts = SynthesisCounts.perClass(sizes, SynthesisTarget.MAX);
    }

    /** Synthetic nodes per class, in class order: up to the largest class. */
    public int[] counts() {
        return counts.clone();
    }

    @Override
    public int[] featureGradientRows() {
        return training.all.clone();
    }

    @Override
    public void onFeatureGradient(int epoch, float[] gradients) {
        if (gradients.length != training.all.length * features.dimension()) {
            throw new IllegalArgumentException("expected " + training.all.length + " x " + features.dimension()
                + " gradient values, got " + gradients.length);
        }
        saliency = gradients;
    }

    @Override
    public SyntheticBatch synthesize(int epoch, float[] previousLogits, RandomGenerator random) {
        if (epoch < options.warmupEpochs() || previousLogits == null) {
            return mixing.synthesize(counts, nodeCount, new SyntheticEdgeList(SyntheticEdges.INBOUND), random);
        }
        EasyMixing.Pairs pairs = mixing.drawPairs(counts, random);
        int[] anchors = pairs.anchors();
        int[] partners = pairs.partners();
        int m = anchors.length;
        float[] deltas = new float[m];
        int[] classes = new int[m];
        for (int k = 0; k < m; k++) {
            deltas[k] = (float) BetaSampling.beta(options.betaShape(), options.betaShape(), random);
            classes[k] = training.classes[anchors[k]];
        }

        double[] q = neighbours.predictions(previousLogits, classCount, training.all, options.temperature());
        double[] kl = new double[m];
        for (int k = 0; k < m; k++) {
            kl[k] = EnsNeighbourMixing.divergence(q, training.indexOf[anchors[k]], training.indexOf[partners[k]],
                classCount);
        }
        int[] degrees = neighbours.degrees(anchors, random);
        NeighbourDistribution mixtures = neighbours.mixtures(anchors, partners, kl, nodeCount);
        RowNeighbourSampling sampling = new RowNeighbourSampling(mixtures, SynthesisOptions.WEIGHT_FLOOR);
        SyntheticEdgeList edges = new SyntheticEdgeList(SyntheticEdges.INBOUND);
        for (int k = 0; k < m; k++) {
            for (int u : sampling.draw(k, degrees[k], random)) {
                edges.connect(u, nodeCount + k);
            }
        }
        FeatureCorrection corrections = saliency == null ? null : keepSalientFeatures(anchors, partners, deltas, kl, random);
        return new SyntheticBatch(anchors, partners, deltas, classes, edges.sources(), edges.targets(), corrections);
    }

    /** On each synthetic node's used salient features, (1-δ)(x_anchor - x_partner) restores the anchor's value. */
    private FeatureCorrection keepSalientFeatures(int[] anchors, int[] partners, float[] deltas, double[] kl,
                                                  RandomGenerator random) {
        int dimension = features.dimension();
        int k = options.salientFeatureCount(dimension);
        SalientFeatures.Row[] rows = new SalientFeatures.Row[training.all.length];
        IntArrayBuilder rowIndex = new IntArrayBuilder();
        IntArrayBuilder featureIndex = new IntArrayBuilder();
        FloatArrayBuilder values = new FloatArrayBuilder();
        for (int s = 0; s < anchors.length; s++) {
            int used = SalientFeatures.usedCount(k, kl[s]);
            if (used == 0) {
                continue;
            }
            int partner = training.indexOf[partners[s]];
            if (rows[partner] == null) {
                rows[partner] = SalientFeatures.Row.of(saliency, partner, dimension);
            }
            for (int f : rows[partner].draw(used, random)) {
                float difference = value(anchors[s], f) - value(partners[s], f);
                if (difference != 0f) {
                    rowIndex.add(s);
                    featureIndex.add(f);
                    values.add((1f - deltas[s]) * difference);
                }
            }
        }
        return new FeatureCorrection(rowIndex.toArray(), featureIndex.toArray(), values.toArray());
    }

    /** x[node][feature] from the sparse rows (bag-of-words rows are short). */
    private float value(int node, int feature) {
        for (int e = features.rowOffsets()[node]; e < features.rowOffsets()[node + 1]; e++) {
            if (features.column(e) == feature) {
                return features.values()[e];
            }
        }
        return 0f;
    }
}
