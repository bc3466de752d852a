package org.graphsha.nn;

import java.util.Locale;

/** The three encoders of docs/algorithm.md §2. */
public enum BackboneKind {
    GCN, GAT, SAGE;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

}
