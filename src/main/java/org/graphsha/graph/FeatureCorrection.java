package org.graphsha.graph;

/**
 * Sparse additions to synthetic feature rows: synthetic node {@code rows[k]} gets {@code values[k]}
 * added to input feature {@code features[k]} after the δ-mix. GraphENS keeps the anchor's value on
 * its salient features, which is the mix plus (1-δ)(x_anchor - x_partner) there; expressing it as a
 * correction keeps synthetic rows out of the feature matrix (they stay a mixing matrix times XW).
 */
public record FeatureCorrection(int[] rows, int[] features, float[] values) {

    public FeatureCorrection {
        if (features.length != rows.length || values.length != rows.length) {
            throw new IllegalArgumentException("feature correction arrays differ in length");
        }
    }

    public int size() {
        return rows.length;
    }

    void requireRowsBelow(int syntheticCount) {
        for (int r : rows) {
            if (r < 0 || r >= syntheticCount) {
                throw new IllegalArgumentException("feature correction for synthetic row " + r + " outside 0.."
                    + (syntheticCount - 1));
            }
        }
    }
}
