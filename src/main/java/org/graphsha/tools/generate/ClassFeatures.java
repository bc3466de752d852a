package org.graphsha.tools.generate;

import java.util.SplittableRandom;

/**
 * Dense features correlated with the class: x_i = signal * center(class_i) + noise, with centers and
 * noise standard normal per dimension. A node's row comes from its own seeded stream, so rows can be
 * produced in any order (while writing, batch by batch) and are the same every time.
 */
public final class ClassFeatures {

    private final float[][] centers;
    private final double signal;
    private final long seed;

    ClassFeatures(int classes, int dimension, double signal, long seed) {
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        centers = new float[classes][dimension];
        for (float[] center : centers) {
            for (int d = 0; d < dimension; d++) {
                center[d] = (float) random.nextGaussian();
            }
        }
        this.signal = signal;
        this.seed = seed;
    }

    public int dimension() {
        return centers[0].length;
    }

    /** The features of {@code node} of class {@code classIndex}. */
    public float[] row(int node, int classIndex) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + node);
        float[] center = centers[classIndex];
        float[] row = new float[center.length];
        for (int d = 0; d < row.length; d++) {
            row[d] = (float) (signal * center[d] + random.nextGaussian());
        }
        return row;
    }
}
