package org.graphsha.graph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Maps a target's class values (all integers or all strings) to indices 0..C-1 in ascending value
 * order, so integer classes 0..C-1 keep their own numbers as indices.
 */
public final class ClassIndex {

    private final List<Object> values;

    private ClassIndex(List<Object> values) {
        this.values = values;
    }

    /** @param observed the class values seen, as Long or String (duplicates allowed) */
    public static ClassIndex of(Collection<?> observed) {
        boolean strings = observed.stream().anyMatch(v -> v instanceof String);
        boolean numbers = observed.stream().anyMatch(v -> v instanceof Long);
        if (strings && numbers) {
            throw new IllegalArgumentException("class values mix integers and strings; use one type for every node");
        }
        TreeSet<Object> sorted = new TreeSet<>(strings
            ? Comparator.comparing(v -> (String) v)
            : Comparator.comparingLong(v -> (Long) v));
        sorted.addAll(observed);
        return new ClassIndex(new ArrayList<>(sorted));
    }

    /**
     * A target value as a class: integers of any width as Long (GDS and the model store Long), a String as it is,
     * null for anything else (a missing value or a type no class can have).
     */
    public static Object classValue(Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        return value instanceof String ? value : null;
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
