package org.graphsha.nn;

import java.util.Locale;

/**
 * {@code MEAN} is what the reference code computes (edge j→i weighted 1/d̂_i, i.e. a mean over
 * in-neighbours and self, docs/algorithm.md §2.1); {@code SYMMETRIC} is the textbook 1/√(d̂_i d̂_j).
 */
public enum GcnNormalization {
    MEAN, SYMMETRIC;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
