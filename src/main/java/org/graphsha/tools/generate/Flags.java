package org.graphsha.tools.generate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Command-line flags of the form {@code --name value}. Consumers take the flags they know;
 * {@link #finish()} then rejects whatever nobody took, so a misspelt flag never passes silently.
 */
public final class Flags {

    private final Map<String, String> values = new LinkedHashMap<>();

    public Flags(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String flag = args.get(i);
            if (!flag.startsWith("--") || flag.length() == 2) {
                throw new IllegalArgumentException("unexpected argument `" + flag + "`; flags look like --name value");
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException("flag " + flag + " needs a value");
            }
            if (values.put(flag.substring(2), args.get(++i)) != null) {
                throw new IllegalArgumentException("flag " + flag + " is given twice; keep one");
            }
        }
    }

    public String string(String name, String fallback) {
        String value = values.remove(name);
        return value == null ? fallback : value;
    }

    public long longInRange(String name, long fallback, long min, long max) {
        String text = values.remove(name);
        if (text == null) {
            return fallback;
        }
        long value;
        try {
            value = Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid value `" + text + "` for --" + name + ": expected a whole number");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("invalid value " + value + " for --" + name + ": must be between "
                + min + " and " + max);
        }
        return value;
    }

    public int intInRange(String name, int fallback, int min, int max) {
        return (int) longInRange(name, fallback, min, max);
    }

    /** A number in [min, max], or in (min, max] when {@code minExclusive}. */
    public double number(String name, double fallback, double min, double max, boolean minExclusive) {
        String text = values.remove(name);
        if (text == null) {
            return fallback;
        }
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid value `" + text + "` for --" + name + ": expected a number");
        }
        boolean below = minExclusive ? !(value > min) : !(value >= min);
        if (below || !(value <= max)) {
            throw new IllegalArgumentException("invalid value " + text + " for --" + name + ": must be "
                + (minExclusive ? "above " : "at least ") + min + " and at most " + max);
        }
        return value;
    }

    public boolean bool(String name, boolean fallback) {
        String text = values.remove(name);
        if (text == null) {
            return fallback;
        }
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("invalid value `" + text + "` for --" + name
                + ": expected true or false");
        };
    }

    /**
     * Fails on the first flag of {@code flagList} (spelt as the {@code FLAGS} constants spell them:
     * {@code "--a, --b"}) that was given and not taken, with {@code reason} after its name.
     */
    public void refuse(String flagList, String reason) {
        for (String flag : flagList.split(",")) {
            String name = flag.strip().substring(2);
            if (values.containsKey(name)) {
                throw new IllegalArgumentException("flag --" + name + " " + values.get(name) + " " + reason);
            }
        }
    }

    /** The flags no consumer took, name to value, handed on (for example as another command's keys). */
    public Map<String, String> rest() {
        Map<String, String> rest = new LinkedHashMap<>(values);
        values.clear();
        return rest;
    }

    /** {@link #rest} as call keys: true/false as booleans, whole numbers as longs, other numbers as doubles. */
    public Map<String, Object> restAsKeys() {
        Map<String, Object> keys = new LinkedHashMap<>();
        rest().forEach((key, value) -> keys.put(key, typed(value)));
        return keys;
    }

    /** A flag's text as a call key's value would be typed in Cypher. */
    public static Object typed(String value) {
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException notLong) {
            try {
                return Double.parseDouble(value);
            } catch (NumberFormatException notNumber) {
                return value;
            }
        }
    }

    /** Fails on the first flag that no consumer took, listing the known ones. */
    public void finish(String knownFlags) {
        if (!values.isEmpty()) {
            String name = values.keySet().iterator().next();
            throw new IllegalArgumentException("unknown flag --" + name + "; known flags: " + knownFlags);
        }
    }
}
