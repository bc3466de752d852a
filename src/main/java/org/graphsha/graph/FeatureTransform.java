package org.graphsha.graph;

import java.util.Arrays;

/**
 * How raw feature rows become the model's input. It is fixed when a model is trained and kept with it, so that
 * every later prediction (on a projection, or from rows read in the store) transforms rows exactly as training
 * did. Every form works row by row: a single new node is transformed as it would be inside its projection.
 */
public sealed interface FeatureTransform {

    SparseFeatures apply(SparseFeatures raw);

    /** The {@code featureNormalization} value that names this form in a model's configuration. */
    String keyValue();

    /** PyG's NormalizeFeatures: each row divided by max(row sum, 1), optionally after setting non-zeros to 1. */
    record RowSum(boolean binarize) implements FeatureTransform {

        @Override
        public SparseFeatures apply(SparseFeatures raw) {
            int[] offsets = raw.rowOffsets();
            float[] values = raw.values().clone();
            for (int r = 0; r < raw.rows(); r++) {
                double sum = 0;
                for (int k = offsets[r]; k < offsets[r + 1]; k++) {
                    if (binarize && values[k] > 0) {
                        values[k] = 1f;
                    }
                    sum += values[k];
                }
                float scale = (float) Math.max(sum, 1.0);
                for (int k = offsets[r]; k < offsets[r + 1]; k++) {
                    values[k] /= scale;
                }
            }
            return new SparseFeatures(raw.rows(), raw.dimension(), offsets, raw.columns(), values);
        }

        @Override
        public String keyValue() {
            return binarize ? "binarizeRowSum" : "rowSum";
        }
    }

    /** The rows as they are. */
    record Identity() implements FeatureTransform {

        @Override
        public SparseFeatures apply(SparseFeatures raw) {
            return raw;
        }

        @Override
        public String keyValue() {
            return "none";
        }
    }

    /**
     * Standard scores per column, (x - mean) / deviation, with the mean and population standard deviation of the
     * projection the model was trained on. A constant column keeps deviation 1, so it becomes 0. The result is
     * dense: centring turns every zero into a value.
     */
    record StandardScores(float[] means, float[] deviations) implements FeatureTransform {

        public StandardScores {
            if (means.length != deviations.length) {
                throw new IllegalArgumentException(means.length + " means for " + deviations.length + " deviations");
            }
        }

        public static StandardScores fit(SparseFeatures raw) {
            int d = raw.dimension();
            double[] sum = new double[d];
            double[] squares = new double[d];
            float[] values = raw.values();
            for (int k = 0; k < values.length; k++) {
                int c = raw.column(k);
                sum[c] += values[k];
                squares[c] += (double) values[k] * values[k];
            }
            float[] means = new float[d];
            float[] deviations = new float[d];
            int n = Math.max(1, raw.rows());
            for (int c = 0; c < d; c++) {
                double mean = sum[c] / n;
                double deviation = Math.sqrt(Math.max(0, squares[c] / n - mean * mean));
                means[c] = (float) mean;
                deviations[c] = deviation > 1e-12 ? (float) deviation : 1f;
            }
            return new StandardScores(means, deviations);
        }

        @Override
        public SparseFeatures apply(SparseFeatures raw) {
            if (raw.dimension() != means.length) {
                throw new IllegalArgumentException("features have " + raw.dimension() + " columns; the model's "
                    + "standard scores were fitted on " + means.length);
            }
            int d = means.length;
            float[] values = new float[Math.multiplyExact(raw.rows(), d)];
            for (int r = 0; r < raw.rows(); r++) {
                int base = r * d;
                float[] row = raw.denseRow(r);
                for (int c = 0; c < d; c++) {
                    values[base + c] = (row[c] - means[c]) / deviations[c];
                }
            }
            return SparseFeatures.dense(raw.rows(), d, values);
        }

        @Override
        public String keyValue() {
            return "standardize";
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof StandardScores s && Arrays.equals(means, s.means)
                && Arrays.equals(deviations, s.deviations);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(means) + Arrays.hashCode(deviations);
        }

        @Override
        public String toString() {
            return "StandardScores[" + means.length + " columns]";
        }
    }

    /**
     * The form a stored model names. Models stored before the key existed name none and used row sums.
     *
     * @param means      the fitted means, required for {@code standardize} only
     * @param deviations the fitted deviations, required for {@code standardize} only
     */
    static FeatureTransform stored(Object keyValue, float[] means, float[] deviations) {
        if (keyValue == null) {
            return new RowSum(false);
        }
        return switch (keyValue.toString()) {
            case "rowSum" -> new RowSum(false);
            case "binarizeRowSum" -> new RowSum(true);
            case "none" -> new Identity();
            case "standardize" -> {
                if (means == null || deviations == null) {
                    throw new IllegalStateException("the model names standardize but holds no fitted means and "
                        + "deviations");
                }
                yield new StandardScores(means, deviations);
            }
            default -> throw new IllegalStateException("unknown stored featureNormalization '" + keyValue + "'");
        };
    }
}
