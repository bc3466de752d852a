package org.graphsha.nn;

import java.util.Locale;

/** The three encoders of ALGORITHM.md §2. */
public enum BackboneKind {
    GCN, GAT, SAGE;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static BackboneKind parse(String text) {
        for (BackboneKind k : values()) {
            if (k.id().equalsIgnoreCase(text)) {
                return k;
            }
        }
        throw new IllegalArgumentException("backbone must be gcn, gat or sage, but was `" + text + "`");
    }
}
