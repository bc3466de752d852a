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

    /** The weight of an edge j→i from d̂_i and d̂_j (degrees with the self-loop), on the engine and in rows. */
    float weight(int targetDegree, int sourceDegree) {
        return this == MEAN
            ? (float) (1.0 / targetDegree)
            : (float) (1.0 / Math.sqrt((double) targetDegree * sourceDegree));
    }
}
