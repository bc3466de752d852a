package org.graphsha.nn;

import java.util.Locale;

/**
 * {@code MEAN} is what the reference code computes (edge j→i weighted 1/d̂_i, i.e. a mean over
 * in-neighbours and self, ALGORITHM.md §2.1); {@code SYMMETRIC} is the textbook 1/√(d̂_i d̂_j).
 */
public enum GcnNormalization {
    MEAN, SYMMETRIC;

    public static GcnNormalization parse(String text) {
        for (GcnNormalization g : values()) {
            if (g.name().equalsIgnoreCase(text)) {
                return g;
            }
        }
        throw new IllegalArgumentException("GCN normalization must be mean or symmetric, but was `" + text + "`");
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
