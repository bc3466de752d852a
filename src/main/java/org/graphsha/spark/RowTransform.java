package org.graphsha.spark;

import java.io.Serializable;
import java.util.List;

import org.apache.spark.sql.Row;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.SparseFeatures;

/**
 * The model's feature transform in a form Spark ships to its tasks; each row goes through the core's own transform
 * as a one-row matrix, so a node's H_0 is exactly what the plugin computes (every form works row by row).
 */
final class RowTransform implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String kind;
    private final float[] means;
    private final float[] deviations;

    private RowTransform(String kind, float[] means, float[] deviations) {
        this.kind = kind;
        this.means = means;
        this.deviations = deviations;
    }

    static RowTransform of(FeatureTransform transform) {
        if (transform instanceof FeatureTransform.StandardScores s) {
            return new RowTransform("standardize", s.means(), s.deviations());
        }
        if (transform instanceof FeatureTransform.RowSum sum) {
            return new RowTransform(sum.binarize() ? "binarize" : "rowSum", null, null);
        }
        return new RowTransform("none", null, null);
    }

    float[] apply(double[] raw, int dimension) {
        if (raw.length != dimension) {
            throw new IllegalArgumentException("a feature row has " + raw.length + " values, the model reads " + dimension);
        }
        return core().apply(SparseFeatures.dense(1, dimension, floats(raw))).denseRow(0);
    }

    private FeatureTransform core() {
        return switch (kind) {
            case "none" -> new FeatureTransform.Identity();
            case "binarize" -> new FeatureTransform.RowSum(true);
            case "rowSum" -> new FeatureTransform.RowSum(false);
            default -> new FeatureTransform.StandardScores(means, deviations);
        };
    }

    /** A list-valued property of a row, as the connector reads it (a list of numbers), in double. */
    static double[] doubles(Row r, int column) {
        List<Object> list = r.getList(column);
        double[] out = new double[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ((Number) list.get(i)).doubleValue();
        }
        return out;
    }

    static float[] floats(double[] x) {
        float[] out = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = (float) x[i];
        }
        return out;
    }
}
