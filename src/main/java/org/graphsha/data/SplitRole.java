package org.graphsha.data;

import java.util.Locale;

/**
 * The role a node plays after an imbalanced split. {@code REMOVED} marks training nodes the
 * long-tailed protocol takes out: they stay in the graph but lose all their edges.
 */
public enum SplitRole {
    TRAIN, VAL, TEST, REMOVED, NONE;

    /** The value written to the database. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
