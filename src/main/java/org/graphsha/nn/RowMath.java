package org.graphsha.nn;

/** The arithmetic that every backbone's row forward shares: float rows, double accumulation. */
final class RowMath {

    private RowMath() {}

    /** Layer 2's linear map of activated hidden rows, each computed once, when first needed. */
    static final class LinearRows {
        private final float[] hidden;
        private final int in;
        private final float[] w;
        private final int width;
        private final float[][] rows;

        /** Rows of {@code hidden} (width {@code in}) times a row-major in x width {@code w}. */
        LinearRows(float[] hidden, int in, float[] w, int width) {
            this.hidden = hidden;
            this.in = in;
            this.w = w;
            this.width = width;
            this.rows = new float[hidden.length / in][];
        }

        float[] get(int u) {
            if (rows[u] == null) {
                rows[u] = new float[width];
                times(hidden, u * in, in, w, width, rows[u]);
            }
            return rows[u];
        }
    }

    /** How a backbone's first layer aggregates one receiver's row into {@code out} at {@code at}. */
    interface RowAggregation {
        void aggregate(int receiver, float[] out, int at);
    }

    /** The first layer's rows of every receiver: the backbone's aggregation, then bias and ReLU, row by row. */
    static float[] activatedRows(int receivers, int width, float[] bias, RowAggregation aggregation) {
        float[] rows = new float[receivers * width];
        for (int u = 0; u < receivers; u++) {
            aggregation.aggregate(u, rows, u * width);
            addBiasRelu(rows, u * width, bias);
        }
        return rows;
    }

    static void addBiasRelu(float[] rows, int at, float[] bias) {
        for (int c = 0; c < bias.length; c++) {
            rows[at + c] = Math.max(0f, rows[at + c] + bias[c]);
        }
    }

    /** out = row · W for a row of {@code rows} at {@code at} (length in) and a row-major in x outWidth W. */
    static void times(float[] rows, int at, int in, float[] w, int outWidth, float[] out) {
        double[] sum = new double[outWidth];
        for (int i = 0; i < in; i++) {
            float x = rows[at + i];
            if (x != 0) {
                int base = i * outWidth;
                for (int c = 0; c < outWidth; c++) {
                    sum[c] += x * w[base + c];
                }
            }
        }
        for (int c = 0; c < outWidth; c++) {
            out[c] = (float) sum[c];
        }
    }
}
