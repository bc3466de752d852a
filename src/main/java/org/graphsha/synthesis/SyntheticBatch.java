package org.graphsha.synthesis;

/**
 * The synthetic nodes of one epoch. Synthetic node k takes position N+k in the augmented graph;
 * its features are {@code deltas[k]·x[anchors[k]] + (1-deltas[k])·x[auxiliaries[k]]} and its class
 * is {@code classes[k]}. Edges send messages from {@code edgeSources[e]} to {@code edgeTargets[e]}
 * and may use positions of both original and synthetic nodes.
 */
public record SyntheticBatch(
    int[] anchors,
    int[] auxiliaries,
    float[] deltas,
    int[] classes,
    int[] edgeSources,
    int[] edgeTargets
) {
    public static final SyntheticBatch EMPTY =
        new SyntheticBatch(new int[0], new int[0], new float[0], new int[0], new int[0], new int[0]);

    public SyntheticBatch {
        int m = anchors.length;
        if (auxiliaries.length != m || deltas.length != m || classes.length != m
            || edgeSources.length != edgeTargets.length) {
            throw new IllegalArgumentException("synthetic batch arrays differ in length");
        }
    }

    public int size() {
        return anchors.length;
    }
}
