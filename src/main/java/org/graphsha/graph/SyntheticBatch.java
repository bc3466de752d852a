package org.graphsha.graph;

/**
 * The synthetic nodes of one epoch. Synthetic node k takes position N+k in the augmented graph;
 * its features are {@code deltas[k]·x[anchors[k]] + (1-deltas[k])·x[auxiliaries[k]]} and its class
 * is {@code classes[k]}. Edges send messages from {@code edgeSources[e]} to {@code edgeTargets[e]}
 * and may use positions of both original and synthetic nodes. {@code corrections} (GraphENS's
 * saliency masking) adds per-feature amounts to the mixed rows; null when the mix is a plain one.
 */
public record SyntheticBatch(
    int[] anchors,
    int[] auxiliaries,
    float[] deltas,
    int[] classes,
    int[] edgeSources,
    int[] edgeTargets,
    FeatureCorrection corrections
) {
    public static final SyntheticBatch EMPTY =
        new SyntheticBatch(new int[0], new int[0], new float[0], new int[0], new int[0], new int[0]);

    /** A batch whose synthetic features are the plain mixes. */
    public SyntheticBatch(int[] anchors, int[] auxiliaries, float[] deltas, int[] classes, int[] edgeSources,
                          int[] edgeTargets) {
        this(anchors, auxiliaries, deltas, classes, edgeSources, edgeTargets, null);
    }

    public SyntheticBatch {
        int m = anchors.length;
        if (auxiliaries.length != m || deltas.length != m || classes.length != m
            || edgeSources.length != edgeTargets.length) {
            throw new IllegalArgumentException("synthetic batch arrays differ in length");
        }
        if (corrections != null) {
            corrections.requireRowsBelow(m);
        }
    }

    public int size() {
        return anchors.length;
    }
}
