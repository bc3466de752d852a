package org.graphsha.synthesis.smote;

import java.util.SplittableRandom;

/**
 * Which training nodes GraphSmote interpolates in one epoch (docs/algorithm.md §5, GraphSmote_O). The
 * spec leaves the minor classes and the up-scale open. Minor classes are those below the mean training
 * class size. By default (up-scale 0), as for GraphSHA's mean target and Upsample, each gets
 * floor(mean − n_c) synthetic nodes; an up-scale u &gt; 0 gives it floor(u·n_c) instead, as GraphSmote's
 * own {@code up_scale} (its default 1 doubles a minor class). The anchors are full passes over the
 * class's training nodes in ascending order, then the remainder drawn uniformly without replacement.
 * Each class draws one interpolation weight δ ~ U(0, 1) per epoch.
 *
 * @param anchors the training node each synthetic node starts from, grouped by class
 * @param classes the class of each synthetic node (its anchor's)
 * @param deltas  the class's δ for each synthetic node: e = (1 − δ)·h[anchor] + δ·h[neighbour]
 */
public record GraphSmotePlan(int[] anchors, int[] classes, float[] deltas) {

    public int size() {
        return anchors.length;
    }

    /**
     * Number of synthetic nodes per class: for a class below the mean, floor(mean − n_c) when
     * {@code upScale} is 0, else floor(upScale·n_c); 0 for the other classes.
     */
    public static int[] counts(int[] trainCounts, double upScale) {
        double mean = 0;
        for (int n : trainCounts) {
            mean += n;
        }
        mean /= trainCounts.length;
        int[] out = new int[trainCounts.length];
        for (int c = 0; c < out.length; c++) {
            // A class without training nodes has nothing to interpolate.
            boolean minor = trainCounts[c] > 0 && trainCounts[c] < mean;
            out[c] = !minor ? 0 : (int) Math.floor(upScale == 0 ? mean - trainCounts[c] : upScale * trainCounts[c]);
        }
        return out;
    }

    /**
     * @param nodesOf training nodes of each class, ascending
     * @param upScale see {@link #counts}
     * @param random  the run's generator; per class in class order: δ, then the remainder draws
     */
    public static GraphSmotePlan draw(int[][] nodesOf, double upScale, SplittableRandom random) {
        int[] sizes = new int[nodesOf.length];
        for (int c = 0; c < nodesOf.length; c++) {
            sizes[c] = nodesOf[c].length;
        }
        int[] counts = counts(sizes, upScale);
        int total = 0;
        for (int count : counts) {
            total += count;
        }
        int[] anchors = new int[total];
        int[] classes = new int[total];
        float[] deltas = new float[total];
        int k = 0;
        for (int c = 0; c < nodesOf.length; c++) {
            if (counts[c] == 0) {
                continue;
            }
            float delta = (float) random.nextDouble();
            int[] nodes = nodesOf[c];
            int fullPasses = counts[c] / nodes.length;
            for (int pass = 0; pass < fullPasses; pass++) {
                for (int v : nodes) {
                    anchors[k] = v;
                    classes[k] = c;
                    deltas[k++] = delta;
                }
            }
            int remainder = counts[c] - fullPasses * nodes.length;
            int[] pool = nodes.clone();
            for (int i = 0; i < remainder; i++) {
                // Partial Fisher-Yates: the first `remainder` entries become a uniform sample without replacement.
                int j = i + random.nextInt(pool.length - i);
                int swap = pool[i];
                pool[i] = pool[j];
                pool[j] = swap;
                anchors[k] = pool[i];
                classes[k] = c;
                deltas[k++] = delta;
            }
        }
        return new GraphSmotePlan(anchors, classes, deltas);
    }

    /**
     * The nearest other training node of the same class in embedding space (squared Euclidean;
     * ties to the smaller node position); a class with a single training node pairs it with itself.
     *
     * @param embeddings row-major node embeddings, {@code width} values per node
     */
    public static int nearestInClass(int anchor, int[] classNodes, float[] embeddings, int width) {
        int best = anchor;
        double bestDistance = Double.POSITIVE_INFINITY;
        int a = anchor * width;
        for (int v : classNodes) {
            if (v == anchor) {
                continue;
            }
            int b = v * width;
            double d = 0;
            for (int i = 0; i < width; i++) {
                double diff = embeddings[a + i] - embeddings[b + i];
                d += diff * diff;
            }
            if (d < bestDistance || d == bestDistance && v < best) {
                bestDistance = d;
                best = v;
            }
        }
        return best;
    }

    /** Nearest same-class neighbour of every anchor of the plan. */
    public int[] neighbours(int[][] nodesOf, float[] embeddings, int width) {
        int[] out = new int[anchors.length];
        for (int i = 0; i < anchors.length; i++) {
            out[i] = nearestInClass(anchors[i], nodesOf[classes[i]], embeddings, width);
        }
        return out;
    }
}
