package org.graphsha.training.loop;

import org.graphsha.graph.SparseFeatures;

/** How layer 1 sees X: {@code AUTO} keeps it sparse when under 10 % of entries are non-zero. */
public enum FeatureMode {
    AUTO, SPARSE, DENSE;

    private static final double SPARSE_DENSITY = 0.1;

    /** Whether layer 1 should multiply the features as a sparse matrix. */
    public boolean sparseFor(SparseFeatures f) {
        return switch (this) {
            case SPARSE -> true;
            case DENSE -> false;
            case AUTO -> f.nonZeros() < SPARSE_DENSITY * f.rows() * (double) f.dimension();
        };
    }
}
