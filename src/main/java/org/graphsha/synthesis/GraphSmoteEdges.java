package org.graphsha.synthesis;

import java.util.Arrays;

/**
 * GraphSmote_O's edge rule: synthetic node s and node j are joined when the edge decoder's
 * probability σ(e_s·W·e_jᵀ) is at least 0.5, i.e. when the bilinear score is ≥ 0 ("O": discrete
 * edges, no soft weights); no self-loops. Edges point into the synthetic node (j → s), as for
 * GraphSHA's and Upsample's synthetic nodes in this project: the original nodes' neighbourhoods stay
 * those of the evaluation graph. (Sending both ways was measured to stall training on Cora-LT: at
 * the start the untrained decoder joins each synthetic node to about half of all nodes, whose mean
 * aggregation is then dominated by synthetic neighbours.)
 */
public final class GraphSmoteEdges {

    public static final double THRESHOLD = 0.5;

    private GraphSmoteEdges() {}

    /** Whether a decoder score (before the sigmoid) makes an edge: σ(score) ≥ 0.5. */
    public static boolean isEdge(float score) {
        return 1 / (1 + Math.exp(-score)) >= THRESHOLD;
    }

    /**
     * @param scores      row-major M x (N+M) bilinear scores of the synthetic rows against all nodes
     * @param originalCount N; synthetic node k has position N+k
     * @return {sources, targets} of the message edges j → N+k, row by row
     */
    public static int[][] fromScores(float[] scores, int originalCount, int syntheticCount) {
        int width = originalCount + syntheticCount;
        if (scores.length != (long) syntheticCount * width) {
            throw new IllegalArgumentException("decoder scores have " + scores.length + " entries, expected "
                + syntheticCount + " x " + width);
        }
        int[] sources = new int[16];
        int[] targets = new int[16];
        int e = 0;
        for (int k = 0; k < syntheticCount; k++) {
            int s = originalCount + k;
            for (int j = 0; j < width; j++) {
                if (j != s && isEdge(scores[k * width + j])) {
                    if (e == sources.length) {
                        sources = Arrays.copyOf(sources, sources.length * 2);
                        targets = Arrays.copyOf(targets, targets.length * 2);
                    }
                    sources[e] = j;
                    targets[e++] = s;
                }
            }
        }
        return new int[][] {Arrays.copyOf(sources, e), Arrays.copyOf(targets, e)};
    }
}
