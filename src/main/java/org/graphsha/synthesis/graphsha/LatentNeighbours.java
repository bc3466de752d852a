package org.graphsha.synthesis.graphsha;

/**
 * Exact k nearest neighbours within a fixed set of points, by squared Euclidean distance, each point's
 * own position left out; of two equally distant points the one at the smaller position is nearer, so
 * the answer is deterministic. The kNN hardness (docs/algorithm.md §10.4) asks only about the nodes of
 * classes that receive synthetic nodes, so neighbours are found on demand and remembered: Q queries
 * over T points cost O(Q·T·(D + k)) for D dimensions.
 */
final class LatentNeighbours {

    private final double[][] points;
    private final int[] classes;
    private final int k;
    private final int[][] found;

    /**
     * @param points  one row per point, all of the same length
     * @param classes class of every point
     * @param k       neighbours wanted; fewer (all other points) when there are not that many
     */
    LatentNeighbours(double[][] points, int[] classes, int k) {
        if (points.length != classes.length) {
            throw new IllegalArgumentException(points.length + " points but " + classes.length + " classes");
        }
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, but was " + k);
        }
        this.points = points;
        this.classes = classes;
        this.k = Math.min(k, Math.max(points.length - 1, 0));
        this.found = new int[points.length][];
    }

    /**
     * Row-centred logits of the given nodes: softmax is unchanged when a constant is added to a row, so
     * the centred row is the part of the logits the prediction depends on, and distances between
     * centred rows do not see that constant.
     */
    static double[][] centredRows(float[] logits, int[] nodes, int width) {
        double[][] rows = new double[nodes.length][width];
        for (int i = 0; i < nodes.length; i++) {
            int offset = nodes[i] * width;
            double mean = 0;
            for (int d = 0; d < width; d++) {
                mean += logits[offset + d];
            }
            mean /= width;
            for (int d = 0; d < width; d++) {
                rows[i][d] = logits[offset + d] - mean;
            }
        }
        return rows;
    }

    /** The number of neighbours every point gets: k, or all other points when there are fewer. */
    int k() {
        return k;
    }

    /** Positions of the k points nearest to point i (i left out), nearest first. */
    int[] of(int i) {
        if (found[i] == null) {
            found[i] = search(i);
        }
        return found[i];
    }

    /** Share of point i's k nearest neighbours whose class differs from i's; 0 when i has no neighbour. */
    double hardness(int i) {
        int[] near = of(i);
        if (near.length == 0) {
            return 0;
        }
        int other = 0;
        for (int j : near) {
            other += classes[j] != classes[i] ? 1 : 0;
        }
        return (double) other / near.length;
    }

    /** The nearest point of a class other than i's (smaller position on equal distance), or -1 if none. */
    int nearestOfOtherClass(int i) {
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int j = 0; j < points.length; j++) {
            if (classes[j] == classes[i]) {
                continue;
            }
            double d = squaredDistance(points[i], points[j]);
            if (best < 0 || d < bestDistance) {
                best = j;
                bestDistance = d;
            }
        }
        return best;
    }

    /**
     * One pass over the points in ascending position keeping the k best sorted by distance. A candidate
     * enters only when strictly nearer than the current k-th and is placed after equal distances, so
     * among equal distances the earlier (smaller) position always ranks first.
     */
    private int[] search(int i) {
        int[] best = new int[k];
        double[] distance = new double[k];
        int size = 0;
        for (int j = 0; j < points.length && k > 0; j++) {
            if (j == i) {
                continue;
            }
            double d = squaredDistance(points[i], points[j]);
            if (size == k && !(d < distance[k - 1])) {
                continue;
            }
            int at = size == k ? k - 1 : size++;
            while (at > 0 && distance[at - 1] > d) {
                distance[at] = distance[at - 1];
                best[at] = best[at - 1];
                at--;
            }
            distance[at] = d;
            best[at] = j;
        }
        return best;
    }

    static double squaredDistance(double[] a, double[] b) {
        double sum = 0;
        for (int d = 0; d < a.length; d++) {
            double diff = a[d] - b[d];
            sum += diff * diff;
        }
        return sum;
    }
}
