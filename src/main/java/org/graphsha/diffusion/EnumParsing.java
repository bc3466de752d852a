package org.graphsha.diffusion;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Reads user-facing option values ("ppr", "random-walk") case-insensitively, naming the choices on error. */
public final class EnumParsing {

    private EnumParsing() {}

    public static <E extends Enum<E>> E parse(Class<E> type, String value, String option) {
        String wanted = value == null ? "" : value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(wanted)) {
                return constant;
            }
        }
        String choices = Arrays.stream(type.getEnumConstants())
            .map(c -> c.name().toLowerCase(Locale.ROOT).replace('_', '-'))
            .collect(Collectors.joining(", "));
        throw new IllegalArgumentException(option + " must be one of " + choices + ", but was `" + value + "`");
    }
}
