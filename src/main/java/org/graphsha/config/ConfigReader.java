package org.graphsha.config;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a user's configuration map into typed values. Every error names the key and the value and
 * says what would be accepted; keys nobody asked for are rejected with a "did you mean" hint once
 * the typed config has read all it knows ({@link #finish()}).
 */
public final class ConfigReader {

    private final Map<String, Object> values;
    private final Set<String> known = new HashSet<>();

    public ConfigReader(Map<String, Object> values) {
        this.values = values == null ? Map.of() : new LinkedHashMap<>(values);
    }

    public String string(String key, String defaultValue) {
        return optionalString(key).orElse(defaultValue);
    }

    public String requiredString(String key) {
        return optionalString(key).orElseThrow(() -> new IllegalArgumentException(
            "No value specified for the mandatory configuration parameter `" + key + "`; add `" + key
                + ": '...'` to the configuration map"));
    }

    public Optional<String> optionalString(String key) {
        Object value = raw(key);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof String text) || text.isBlank()) {
            throw invalid(key, value, "a non-empty string");
        }
        return Optional.of(text);
    }

    public boolean bool(String key, boolean defaultValue) {
        Object value = raw(key);
        if (value == null) {
            return defaultValue;
        }
        if (!(value instanceof Boolean flag)) {
            throw invalid(key, value, "true or false");
        }
        return flag;
    }

    public double number(String key, double defaultValue) {
        Object value = raw(key);
        if (value == null) {
            return defaultValue;
        }
        if (!(value instanceof Number number) || !Double.isFinite(number.doubleValue())) {
            throw invalid(key, value, "a finite number");
        }
        return number.doubleValue();
    }

    public int positiveInt(String key, int defaultValue) {
        return intInRange(key, defaultValue, 1, Integer.MAX_VALUE, "a positive integer");
    }

    /**
     * One constant of an enum, matched ignoring case, '-' and '_' (so 'pcSoftmax', 'pc-softmax' and
     * 'PC_SOFTMAX' all name the same method).
     */
    public <E extends Enum<E>> E choice(String key, E defaultValue, Class<E> type) {
        Object value = raw(key);
        return value == null ? defaultValue : choiceOf(key, value, type);
    }

    /** {@link #choice} of one value of a list key (each entry of {@code candidateMethods}, say). */
    public static <E extends Enum<E>> E choiceOf(String key, Object value, Class<E> type) {
        for (E constant : type.getEnumConstants()) {
            if (value instanceof String text && squash(constant.name()).equals(squash(text))) {
                return constant;
            }
        }
        throw invalid(key, value, "one of " + Arrays.stream(type.getEnumConstants())
            .map(c -> "'" + choiceName(c) + "'").toList());
    }

    /** The user-facing spelling of an enum constant: lower camel case ('PC_SOFTMAX' is 'pcSoftmax'). */
    public static String choiceName(Enum<?> constant) {
        StringBuilder name = new StringBuilder();
        boolean upper = false;
        for (char c : constant.name().toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                name.append(upper ? c : Character.toLowerCase(c));
                upper = false;
            }
        }
        return name.toString();
    }

    private static String squash(String text) {
        return text.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }

    public List<String> stringList(String key, List<String> defaultValue) {
        Object value = raw(key);
        if (value == null) {
            return defaultValue;
        }
        if (value instanceof String text && !text.isBlank()) {
            return List.of(text);
        }
        if (value instanceof List<?> list && !list.isEmpty() && list.stream().allMatch(v -> v instanceof String s && !s.isBlank())) {
            return list.stream().map(String.class::cast).toList();
        }
        throw invalid(key, value, "a non-empty string or list of strings");
    }

    /**
     * An integer in min..max, or {@code word} (matched ignoring case), which reads as -1; null when the
     * key is absent. For keys such as {@code selectionWindow: 'auto'}.
     */
    public Integer intInRangeOrWord(String key, String word, int min, int max) {
        Object value = raw(key);
        if (value == null) {
            return null;
        }
        if (value instanceof String text && text.equalsIgnoreCase(word)) {
            return -1;
        }
        return intInRange(key, 0, min, max, "an integer in " + min + ".." + max + " or '" + word + "'");
    }

    public int intInRange(String key, int defaultValue, int min, int max) {
        return intInRange(key, defaultValue, min, max, "an integer in " + min + ".." + max);
    }

    private int intInRange(String key, int defaultValue, int min, int max, String expected) {
        Object value = raw(key);
        if (value == null) {
            return defaultValue;
        }
        Long integral = integral(value);
        if (integral == null || integral < min || integral > max) {
            throw invalid(key, value, expected);
        }
        return integral.intValue();
    }

    /**
     * An integer, or a float with no fractional part: drivers such as JavaScript's send every number
     * as a float, so {@code epochs: 900} arrives as 900.0. Null for anything else.
     */
    private static Long integral(Object value) {
        if (value instanceof Long || value instanceof Integer) {
            return ((Number) value).longValue();
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) <= Long.MAX_VALUE ? (long) d : null;
        }
        return null;
    }

    public double numberInRange(String key, double defaultValue, double min, double max, boolean exclusive) {
        double value = number(key, defaultValue);
        boolean ok = exclusive ? value > min && value < max : value >= min && value <= max;
        if (!ok) {
            throw invalid(key, value, "a number in " + (exclusive ? "(" : "[") + min + ", " + max + (exclusive ? ")" : "]"));
        }
        return value;
    }

    /** A number in (0, 1]: a target precision or recall. */
    public double numberInHalfOpenUnit(String key) {
        Object value = raw(key);
        if (!(value instanceof Number number) || !(number.doubleValue() > 0 && number.doubleValue() <= 1)) {
            throw invalid(key, value, "a number in (0, 1], e.g. 0.9 for 90 %");
        }
        return number.doubleValue();
    }

    /** A non-empty list of finite positive numbers, or null when the key is absent. */
    public double[] positiveNumbers(String key) {
        Object value = raw(key);
        if (value == null) {
            return null;
        }
        if (value instanceof List<?> list && !list.isEmpty() && list.stream().allMatch(v -> v instanceof Number n
            && Double.isFinite(n.doubleValue()) && n.doubleValue() > 0)) {
            return list.stream().mapToDouble(v -> ((Number) v).doubleValue()).toArray();
        }
        throw invalid(key, value, "a list of positive numbers, one per class in class order, e.g. [0.98, 0.02]");
    }

    /**
     * A non-empty list of finite numbers >= 0, or null when the key is absent (GDS's classWeights: one per class, in
     * the order of the sorted class values).
     */
    public double[] nonNegativeNumbers(String key) {
        Object value = raw(key);
        if (value == null) {
            return null;
        }
        if (value instanceof List<?> list && !list.isEmpty() && list.stream().allMatch(v -> v instanceof Number n
            && Double.isFinite(n.doubleValue()) && n.doubleValue() >= 0)) {
            return list.stream().mapToDouble(v -> ((Number) v).doubleValue()).toArray();
        }
        throw invalid(key, value, "a list of numbers >= 0, one per class in the order of the sorted class values, "
            + "e.g. [1.0, 10.0]");
    }

    /** The map as the user gave it. */
    public Map<String, Object> given() {
        return Collections.unmodifiableMap(values);
    }

    /** Rejects keys that no typed config asked for. */
    public void finish() {
        for (String key : values.keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException("Unexpected configuration key `" + key + "`"
                    + suggestion(key, known) + ". Valid keys are: " + String.join(", ", new TreeSet<>(known)));
            }
        }
    }

    /**
     * Rejects keys outside a procedure's declared keys, naming those; a key read but not declared is a bug here.
     */
    public void finish(Collection<String> declared) {
        for (String key : known) {
            if (!declared.contains(key)) {
                throw new IllegalStateException("configuration key `" + key + "` is read but not declared");
            }
        }
        for (String key : values.keySet()) {
            if (!declared.contains(key)) {
                throw new IllegalArgumentException("Unexpected configuration key `" + key + "`"
                    + suggestion(key, declared) + ". Valid keys are: " + String.join(", ", new TreeSet<>(declared)));
            }
        }
    }

    /** The value as given, null when absent; the key counts as known. */
    Object raw(String key) {
        known.add(key);
        return values.get(key);
    }

    private static IllegalArgumentException invalid(String key, Object value, String expected) {
        String shown = value instanceof String ? "'" + value + "'" : String.valueOf(value);
        return new IllegalArgumentException("Invalid value " + shown + " for configuration key `" + key
            + "`: expected " + expected);
    }

    static String suggestion(String key, Collection<String> candidates) {
        return candidates.stream()
            .filter(c -> distance(c.toLowerCase(), key.toLowerCase()) <= Math.max(2, key.length() / 3))
            .min(Comparator.comparingInt((String c) -> distance(c.toLowerCase(), key.toLowerCase())))
            .map(c -> " (did you mean `" + c + "`?)")
            .orElse("");
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    /** Validates an identifier such as a label or property name. */
    public static String identifier(String key, String value) {
        if (value.indexOf('`') >= 0 || value.isBlank()) {
            throw invalid(key, value, "a name without backticks");
        }
        return value;
    }

    public static <T> T oneOf(String key, String value, List<T> options, java.util.function.Function<T, String> name) {
        return options.stream().filter(o -> name.apply(o).equalsIgnoreCase(value)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("Invalid value '" + value + "' for configuration key `"
                + key + "`: expected one of " + options.stream().map(name).toList()));
    }
}
