package org.graphsha.graph;

import java.util.Locale;

/** The split a dataset ships with (Planetoid's public split; `NONE` for everything else). */
public enum PublicSplit {
    TRAIN, VAL, TEST, NONE;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PublicSplit parse(String text) {
        for (PublicSplit split : values()) {
            if (split.value().equals(text)) {
                return split;
            }
        }
        throw new IllegalArgumentException("unknown split value `" + text + "`; expected train, val, test or none");
    }
}
