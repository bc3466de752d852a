package org.graphsha.synthesis.graphsha;

import java.util.random.RandomGenerator;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.TrainingClasses;
import org.graphsha.synthesis.sampling.WeightedSampling;

/**
 * Anchors and auxiliaries of the harder synthesis under the paper appendix's kNN hardness
 * (docs/algorithm.md §10.4). The latent space is the previous epoch's row-centred logits of the training
 * nodes; a node's hardness is the share of its k nearest training nodes whose class differs from its
 * own. Anchors of each class are drawn with replacement by hardness (+1e-12), and each anchor's
 * auxiliary uniformly among its k nearest neighbours: only those of another class when
 * {@code excludeOwnClass} (the default), and when none of the k is of another class, the nearest
 * training node of another class. Without logits every training node is equally far from every other:
 * anchors are drawn uniformly and the auxiliary uniformly among all qualifying training nodes.
 * RNG order per class: all its anchors, then one auxiliary per anchor.
 */
final class KnnPairing {

    private final TrainingClasses training;
    private final int neighbours;
    private final boolean excludeOwnClass;
    /** class of every training node, by position in {@link TrainingClasses#all}. */
    private final int[] classAt;

    KnnPairing(TrainingClasses training, int neighbours, boolean excludeOwnClass) {
        this.training = training;
        this.neighbours = neighbours;
        this.excludeOwnClass = excludeOwnClass;
        this.classAt = new int[training.all.length];
        for (int i = 0; i < classAt.length; i++) {
            classAt[i] = training.classes[training.all[i]];
        }
    }

    /** Fills anchors, auxiliaries and classes, class by class in id order, counts[c] rows for class c. */
    void draw(int[] counts, float[] previousLogits, int[] anchors, int[] auxiliaries, int[] classes,
              RandomGenerator random) {
        LatentNeighbours latent = previousLogits == null ? null : new LatentNeighbours(
            LatentNeighbours.centredRows(previousLogits, training.all, training.classCount), classAt, neighbours);
        int next = 0;
        for (int c = 0; c < counts.length; c++) {
            if (counts[c] == 0) {
                continue;
            }
            int[] pool = training.nodesOf[c];
            double[] hardness = new double[pool.length];
            for (int i = 0; i < pool.length; i++) {
                hardness[i] = (latent == null ? 0 : latent.hardness(training.indexOf[pool[i]]))
                    + SynthesisOptions.WEIGHT_FLOOR;
            }
            int[] picks = WeightedSampling.withReplacement(hardness, counts[c], random);
            for (int pick : picks) {
                int anchor = pool[pick];
                int[] candidates = latent == null ? everyOther(training.indexOf[anchor])
                    : candidates(latent, training.indexOf[anchor]);
                anchors[next] = anchor;
                auxiliaries[next] = training.all[candidates[random.nextInt(candidates.length)]];
                classes[next] = c;
                next++;
            }
        }
    }

    /** The anchor's k nearest neighbours that may serve as its auxiliary (positions in training order). */
    private int[] candidates(LatentNeighbours latent, int anchor) {
        int[] near = latent.of(anchor);
        if (!excludeOwnClass) {
            return requireSome(near, anchor);
        }
        int others = 0;
        for (int j : near) {
            others += classAt[j] != classAt[anchor] ? 1 : 0;
        }
        if (others == 0) {
            int nearest = latent.nearestOfOtherClass(anchor);
            return requireSome(nearest < 0 ? new int[0] : new int[] {nearest}, anchor);
        }
        int[] chosen = new int[others];
        int at = 0;
        for (int j : near) {
            if (classAt[j] != classAt[anchor]) {
                chosen[at++] = j;
            }
        }
        return chosen;
    }

    /** Without an embedding: every training node that qualifies, the anchor itself never. */
    private int[] everyOther(int anchor) {
        int count = 0;
        for (int j = 0; j < classAt.length; j++) {
            count += qualifies(j, anchor) ? 1 : 0;
        }
        int[] all = new int[count];
        int at = 0;
        for (int j = 0; j < classAt.length; j++) {
            if (qualifies(j, anchor)) {
                all[at++] = j;
            }
        }
        return requireSome(all, anchor);
    }

    private boolean qualifies(int j, int anchor) {
        return j != anchor && (!excludeOwnClass || classAt[j] != classAt[anchor]);
    }

    /** A class that receives synthetic nodes always has a larger class beside it, so this cannot be empty. */
    private int[] requireSome(int[] candidates, int anchor) {
        if (candidates.length == 0) {
            throw new IllegalStateException("no training node can be the auxiliary of anchor " + training.all[anchor]);
        }
        return candidates;
    }
}
