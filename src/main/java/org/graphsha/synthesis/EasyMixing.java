package org.graphsha.synthesis;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.graphsha.synthesis.sampling.BetaSampling;
import org.graphsha.synthesis.sampling.CumulativeWeights;

import org.graphsha.graph.Csr;
import org.graphsha.graph.SyntheticBatch;

/**
 * GraphENS-style "easy" synthesis of the warm-up epochs (docs/algorithm.md §4.3): uniform anchors per
 * class, partners from all training nodes weighted log(n_c)/n_c, δ ~ Beta(2, 2), and a copy of
 * every anchor edge pointing at the synthetic node.
 */
public final class EasyMixing {

    private final TrainingClasses training;
    private final Csr adjacency;
    private final CumulativeWeights partners;

    public EasyMixing(TrainingClasses training, Csr adjacency) {
        this.training = training;
        this.adjacency = adjacency;
        double[] weights = new double[training.all.length];
        int[] sizes = training.sizes();
        for (int c = 0; c < training.classCount; c++) {
            int size = sizes[c];
            // log(1)/1 = 0: a single-node class never partners, as in the reference
            double weight = size == 0 ? 0 : Math.log(size) / size;
            for (int v : training.nodesOf[c]) {
                weights[training.indexOf[v]] = weight + SynthesisOptions.WEIGHT_FLOOR;
            }
        }
        partners = weights.length == 0 ? null : new CumulativeWeights(weights);
    }

    /** Anchors and their partners, paired in anchor order (shared with GraphENS's later epochs). */
    public record Pairs(int[] anchors, int[] partners) {}

    public SyntheticBatch synthesize(int[] counts, int nodeCount, SyntheticEdgeList edges, RandomGenerator random) {
        Pairs pairs = drawPairs(counts, random);
        int[] anchors = pairs.anchors();
        int[] auxiliaries = pairs.partners();
        int m = anchors.length;
        float[] deltas = new float[m];
        int[] classes = new int[m];
        for (int k = 0; k < m; k++) {
            deltas[k] = (float) BetaSampling.beta(SynthesisOptions.WARMUP_BETA, SynthesisOptions.WARMUP_BETA, random);
            classes[k] = training.classes[anchors[k]];
        }
        for (int k = 0; k < m; k++) {
            int anchor = anchors[k];
            for (int e = adjacency.offsets()[anchor]; e < adjacency.offsets()[anchor + 1]; e++) {
                edges.connect(adjacency.neighbours()[e], nodeCount + k);
            }
        }
        return new SyntheticBatch(anchors, auxiliaries, deltas, classes, edges.sources(), edges.targets());
    }

    /** Per class, counts[c] anchors uniformly with replacement; then one partner per anchor. */
    public Pairs drawPairs(int[] counts, RandomGenerator random) {
        int m = SynthesisCounts.total(counts);
        int[] anchors = new int[m];
        int next = 0;
        for (int c = 0; c < counts.length; c++) {
            int[] pool = training.nodesOf[c];
            for (int k = 0; k < counts[c]; k++) {
                anchors[next++] = pool[random.nextInt(pool.length)];
            }
        }
        int[] auxiliaries = new int[m];
        for (int k = 0; k < m; k++) {
            auxiliaries[k] = training.all[partners.draw(random)];
        }
        sortPairsByAnchor(anchors, auxiliaries);
        return new Pairs(anchors, auxiliaries);
    }

    /** The reference sorts anchors by id and carries the partners along; it only fixes the pairing order. */
    private static void sortPairsByAnchor(int[] anchors, int[] auxiliaries) {
        int m = anchors.length;
        long[] packed = new long[m];
        for (int k = 0; k < m; k++) {
            packed[k] = ((long) anchors[k] << 32) | k; // ties keep draw order
        }
        Arrays.sort(packed);
        int[] sortedAuxiliaries = new int[m];
        for (int k = 0; k < m; k++) {
            int from = (int) packed[k];
            anchors[k] = (int) (packed[k] >>> 32);
            sortedAuxiliaries[k] = auxiliaries[from];
        }
        System.arraycopy(sortedAuxiliaries, 0, auxiliaries, 0, m);
    }
}
