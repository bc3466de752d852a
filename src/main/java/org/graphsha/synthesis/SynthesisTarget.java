package org.graphsha.synthesis;

import java.util.Locale;

/** The class size the synthesis fills minor classes up to after warm-up (`--max` in the reference). */
public enum SynthesisTarget {
    MEAN, MAX;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
