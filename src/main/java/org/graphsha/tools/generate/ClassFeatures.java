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
    /** Per dimension the unit a raw property would have (0.1 to 1000), or null for standard-normal rows. */
    private final double[] units;

    ClassFeatures(int classes, int dimension, double signal, long seed) {
        this(classes, dimension, signal, seed, false);
    }

    /**
     * @param rawUnits whether each dimension is a scalar property in its own raw unit, as a database holds amounts,
     *                 counts and ages: value = unit · (3 + row), with units 0.1, 1, 10, 100, 1000 in turn, so the
     *                 values are mostly positive and differ by orders of magnitude between properties
     */
    ClassFeatures(int classes, int dimension, double signal, long seed, boolean rawUnits) {
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        centers = new float[classes][dimension];
        for (float[] center : centers) {
            for (int d = 0; d < dimension; d++) {
                center[d] = (float) random.nextGaussian();
            }
        }
        this.signal = signal;
        this.seed = seed;
        this.units = rawUnits ? new double[dimension] : null;
        for (int d = 0; rawUnits && d < dimension; d++) {
            units[d] = Math.pow(10, d % 5 - 1);
        }
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
            double standard = signal * center[d] + random.nextGaussian();
            row[d] = (float) (units == null ? standard : units[d] * (3 + standard));
        }
        return row;
    }
}
