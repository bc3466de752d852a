package org.graphsha.synthesis;

import java.util.Locale;

import org.graphsha.diffusion.EnumParsing;

/** The class size the synthesis fills minor classes up to after warm-up (`--max` in the reference). */
public enum SynthesisTarget {
    MEAN, MAX;

    public static SynthesisTarget parse(String value) {
        return EnumParsing.parse(SynthesisTarget.class, value, "synthesisTarget");
    }

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
