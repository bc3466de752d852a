package org.graphsha.training;

/** How layer 1 sees X: {@code AUTO} keeps it sparse when under 10 % of entries are non-zero. */
public enum FeatureMode {
    AUTO, SPARSE, DENSE
}
