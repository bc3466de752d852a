package org.graphsha.synthesis.smote;

import org.graphsha.graph.Csr;
import org.graphsha.graph.IntArrayBuilder;

/**
 * GraphSmote_O's edge rule. A synthetic node may only join the original neighbours of the two nodes
 * it interpolates (its anchor and its partner): GraphSmote's reference code builds that union of the
 * two adjacency rows and multiplies it with the decoder's discrete output, so the decoder prunes
 * candidates rather than proposing edges anywhere. A candidate j is kept when the decoder's
 * probability σ(score) is at least 0.5 ("O": discrete edges, no soft weights), i.e. when the score
 * is ≥ 0. Kept pairs become edges in both directions, as in the reference's symmetric augmented
 * adjacency. Without the candidate filter the untrained decoder joined each synthetic node to about
 * half of all nodes (measured on Cora-LT, docs/design.md).
 */
public final class GraphSmoteEdges {

    public static final double THRESHOLD = 0.5;

    private GraphSmoteEdges() {}

    /** Whether a decoder score (before the sigmoid) makes an edge: σ(score) ≥ 0.5. */
    public static boolean isEdge(float score) {
        return 1 / (1 + Math.exp(-score)) >= THRESHOLD;
    }

    /**
     * The candidate pairs: for synthetic node k, every node adjacent to {@code anchors[k]} or to
     * {@code partners[k]}, ascending and without repeats.
     *
     * @return {synthetic indices k, candidate original nodes j}, pair by pair, k ascending
     */
    public static int[][] candidates(Csr adjacency, int[] anchors, int[] partners) {
        if (anchors.length != partners.length) {
            throw new IllegalArgumentException(anchors.length + " anchors but " + partners.length + " partners");
        }
        IntArrayBuilder rows = new IntArrayBuilder();
        IntArrayBuilder nodes = new IntArrayBuilder();
        int[] offsets = adjacency.offsets();
        int[] neighbours = adjacency.neighbours();
        for (int k = 0; k < anchors.length; k++) {
            // Both CSR rows are sorted: merge them, emitting each node once.
            int i = offsets[anchors[k]];
            int iEnd = offsets[anchors[k] + 1];
            int j = offsets[partners[k]];
            int jEnd = partners[k] == anchors[k] ? j : offsets[partners[k] + 1];
            while (i < iEnd || j < jEnd) {
                int next;
                if (j == jEnd || i < iEnd && neighbours[i] < neighbours[j]) {
                    next = neighbours[i++];
                } else if (i == iEnd || neighbours[j] < neighbours[i]) {
                    next = neighbours[j++];
                } else {
                    next = neighbours[i++];
                    j++;
                }
                rows.add(k);
                nodes.add(next);
            }
        }
        return new int[][] {rows.toArray(), nodes.toArray()};
    }

    /**
     * @param candidates    the pairs of {@link #candidates}
     * @param scores        the decoder's bilinear score of each pair, in the same order
     * @param originalCount N; synthetic node k has position N+k
     * @return {sources, targets} of the message edges j → N+k and N+k → j of every kept pair
     */
    public static int[][] fromScores(int[][] candidates, float[] scores, int originalCount) {
        int[] synthetic = candidates[0];
        int[] nodes = candidates[1];
        if (scores.length != synthetic.length) {
            throw new IllegalArgumentException("decoder scores have " + scores.length + " entries, expected one per "
                + "candidate pair (" + synthetic.length + ")");
        }
        IntArrayBuilder sources = new IntArrayBuilder();
        IntArrayBuilder targets = new IntArrayBuilder();
        for (int p = 0; p < scores.length; p++) {
            if (isEdge(scores[p])) {
                int s = originalCount + synthetic[p];
                sources.add(nodes[p]);
                targets.add(s);
                sources.add(s);
                targets.add(nodes[p]);
            }
        }
        return new int[][] {sources.toArray(), targets.toArray()};
    }
}
