package org.graphsha.catalog;

import java.util.regex.Pattern;

/** Model names become file names, so only a safe alphabet is accepted: no separators, no dot files. */
public final class ModelNames {

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");

    private ModelNames() {}

    public static String validate(String name) {
        if (name == null || !VALID.matcher(name).matches()) {
            throw new IllegalArgumentException("Invalid model name `" + name + "`: use 1 to 128 letters, digits, "
                + "'_', '-' or '.', not starting with '.' or '-'");
        }
        return name;
    }
}
