package org.graphsha.tools.bench;

import org.graphsha.graph.Csr;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.HopOperator;

/**
 * Class-balanced label spreading from the training labels alone, with no features: Z ← α·Â·Z + (1 − α)·Y over the
 * symmetric Â with self-loops, where each class's training nodes share a mass of 1 in Y (so a class with 3 labels
 * spreads as far as one with 300), then each row of Z divided by its sum. A node no label reaches keeps a zero row.
 * The bench blends it with a model's probabilities to measure how much a label-aware ranking would add. Â and Y are
 * built once per graph and split, for every α asked of them.
 */
final class LabelSpreading {

    static final int ITERATIONS = 50;

    private final HopOperator a;
    private final double[] seeds;
    private final int classCount;

    LabelSpreading(Csr adjacency, int[] classes, boolean[] trainMask, int classCount) {
        this.a = HopOperator.of(adjacency, GcnNormalization.SYMMETRIC);
        this.classCount = classCount;
        int n = adjacency.nodeCount();
        int[] counts = new int[classCount];
        for (int v = 0; v < n; v++) {
            if (trainMask[v]) {
                counts[classes[v]]++;
            }
        }
        seeds = new double[n * classCount];
        for (int v = 0; v < n; v++) {
            if (trainMask[v]) {
                seeds[v * classCount + classes[v]] = 1.0 / counts[classes[v]];
            }
        }
    }

    /** Z for this α, N x C, row-major. */
    double[] spread(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("the spreading's alpha must be in (0, 1), but was " + alpha);
        }
        int n = a.nodeCount();
        double[] z = seeds.clone();
        double[] next = new double[z.length];
        for (int t = 0; t < ITERATIONS; t++) {
            for (int v = 0; v < n; v++) {
                for (int c = 0; c < classCount; c++) {
                    double sum = 0;
                    for (int k = a.offsets()[v]; k < a.offsets()[v + 1]; k++) {
                        sum += a.values()[k] * z[a.columns()[k] * classCount + c];
                    }
                    next[v * classCount + c] = alpha * sum + (1 - alpha) * seeds[v * classCount + c];
                }
            }
            double[] swap = z;
            z = next;
            next = swap;
        }
        for (int v = 0; v < n; v++) {
            double total = 0;
            for (int c = 0; c < classCount; c++) {
                total += z[v * classCount + c];
            }
            for (int c = 0; total > 0 && c < classCount; c++) {
                z[v * classCount + c] /= total;
            }
        }
        return z;
    }
}
