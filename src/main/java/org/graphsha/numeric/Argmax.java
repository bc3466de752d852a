package org.graphsha.numeric;

/**
 * The predicted class of a score row. The first maximum wins, as in the metrics and every predict path, so that
 * a projection-based prediction, live scoring and the benchmarks break ties alike.
 */
public final class Argmax {

    private Argmax() {}

    public static int of(double[] values) {
        return of(values, 0, values.length);
    }

    public static int of(double[] values, int offset, int length) {
        int best = 0;
        for (int c = 1; c < length; c++) {
            if (values[offset + c] > values[offset + best]) {
                best = c;
            }
        }
        return best;
    }
}
