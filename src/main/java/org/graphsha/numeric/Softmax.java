package org.graphsha.numeric;

/**
 * Softmax and log-sum-exp of one row of row-major logits (row i of a C-column matrix starts at
 * offset i·C). Everything is computed in double: the row maximum is subtracted before {@code exp},
 * so large logits do not overflow, and the exponentials are summed in ascending column order. Every
 * method does exactly this arithmetic, so callers that used to hand-write it get bit-identical values.
 */
public final class Softmax {

    private Softmax() {
    }

    /**
     * Replaces {@code values[offset .. offset+length)} by their softmax: exp(v − max) / Σ exp(v − max).
     * Callers that scale their logits first (a temperature, a per-class factor, a mean over
     * neighbours) write the scaled row here and call this.
     */
    public static void inPlace(double[] values, int offset, int length) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = offset; i < offset + length; i++) {
            max = Math.max(max, values[i]);
        }
        double sum = 0;
        for (int i = offset; i < offset + length; i++) {
            values[i] = Math.exp(values[i] - max);
            sum += values[i];
        }
        for (int i = offset; i < offset + length; i++) {
            values[i] /= sum;
        }
    }

    /** softmax of {@code logits[offset .. offset+classes)} into {@code out[outOffset ..]}. */
    public static void row(float[] logits, int offset, int classes, double[] out, int outOffset) {
        for (int c = 0; c < classes; c++) {
            out[outOffset + c] = logits[offset + c];
        }
        inPlace(out, outOffset, classes);
    }

    /**
     * softmax(logits / temperature) of {@code logits[offset .. offset+classes)} into
     * {@code out[outOffset ..]}: each logit is divided by the temperature (in double) before the
     * maximum is taken.
     */
    public static void row(float[] logits, int offset, int classes, double temperature, double[] out,
                           int outOffset) {
        for (int c = 0; c < classes; c++) {
            out[outOffset + c] = logits[offset + c] / temperature;
        }
        inPlace(out, outOffset, classes);
    }

    /**
     * log Σ_c exp(logits[offset + c]) = max + log Σ exp(z − max). The cross-entropy of a row with
     * label y is {@code logSumExp(...) − logits[offset + y]}, i.e. −log softmax(z)_y.
     */
    public static double logSumExp(float[] logits, int offset, int classes) {
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < classes; c++) {
            max = Math.max(max, logits[offset + c]);
        }
        double sum = 0;
        for (int c = 0; c < classes; c++) {
            sum += Math.exp(logits[offset + c] - max);
        }
        return max + Math.log(sum);
    }
}
