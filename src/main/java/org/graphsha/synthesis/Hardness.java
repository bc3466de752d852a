package org.graphsha.synthesis;

/**
 * How GraphSHA's harder synthesis finds hard anchors and their auxiliaries (docs/algorithm.md §4.4 and
 * §10.4).
 *
 * @param kind       {@link Kind#CONFIDENCE}, the reference code's rule, or {@link Kind#KNN}, the paper
 *                   appendix's latent-space hardness
 * @param neighbours k of the kNN hardness; not read by the confidence rule
 */
public record Hardness(Kind kind, int neighbours) {

    public enum Kind {
        /** Hardness 1 − P[v][c]; neighbour class by the anchor's confidence; auxiliary by its confidence in c. */
        CONFIDENCE,
        /** Hardness = share of the k nearest training nodes of another class; auxiliary among those k. */
        KNN
    }

    public static final int DEFAULT_NEIGHBOURS = 10;
    /**
     * Most training nodes the exact kNN accepts: each epoch compares every node of a class that receives
     * synthetic nodes with every training node, O(Q·T·C); at 20,000 that is up to 4·10^8 distances per epoch.
     */
    public static final int MAX_TRAINING_NODES = 20_000;

    /** The reference code's rule. */
    public static final Hardness CONFIDENCE_RULE = new Hardness(Kind.CONFIDENCE, DEFAULT_NEIGHBOURS);

    public Hardness {
        if (kind == null) {
            throw new IllegalArgumentException("hardness kind must be given");
        }
        if (neighbours < 1) {
            throw new IllegalArgumentException("hardnessNeighbours must be at least 1, but was `" + neighbours + "`");
        }
    }

    public static Hardness knn(int neighbours) {
        return new Hardness(Kind.KNN, neighbours);
    }

    /** Refuses the kNN rule on a training set too large for its exact search, before any heavy work. */
    public void requireSupported(int trainingNodes) {
        if (kind == Kind.KNN && trainingNodes > MAX_TRAINING_NODES) {
            throw new IllegalArgumentException("hardness: 'knn' searches the nearest neighbours among all training "
                + "nodes exactly every epoch and takes at most " + MAX_TRAINING_NODES + " of them, but this graph has "
                + trainingNodes + "; use hardness: 'confidence' (the default)");
        }
    }
}
