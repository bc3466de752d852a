package org.graphsha.graph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Maps a target's class values (all integers, all booleans or all strings) to indices 0..C-1 in ascending
 * value order, so integer classes 0..C-1 keep their own numbers as indices and false comes before true.
 */
public final class ClassIndex {

    private final List<Object> values;

    private ClassIndex(List<Object> values) {
        this.values = values;
    }

    /** @param observed the class values seen, as Long, Boolean or String (duplicates allowed) */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static ClassIndex of(Collection<?> observed) {
        Set<String> types = new TreeSet<>();
        observed.forEach(v -> types.add(typeName(v)));
        if (types.size() > 1) {
            throw new IllegalArgumentException("class values mix " + String.join(" and ", types)
                + "; use one type for every node");
        }
        TreeSet<Object> sorted = new TreeSet<>((Comparator) Comparator.naturalOrder());
        sorted.addAll(observed);
        return new ClassIndex(new ArrayList<>(sorted));
    }

    private static String typeName(Object value) {
        return value instanceof String ? "strings" : value instanceof Boolean ? "booleans" : "integers";
    }

    /**
     * A target value as a class: integers of any width as Long (GDS and the model store Long), a Boolean or a
     * String as it is, null for anything else (a missing value or a type no class can have).
     */
    public static Object classValue(Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        return value instanceof String || value instanceof Boolean ? value : null;
    }

    public int size() {
        return values.size();
    }

    public Object value(int index) {
        return values.get(index);
    }

    /** @return the index of the value, or -1 when it is not a known class */
    public int indexOf(Object value) {
        return values.indexOf(value);
    }

    public List<Object> values() {
        return List.copyOf(values);
    }
}
