package org.graphsha.synthesis;

import java.util.Arrays;

/** A growable int array, so edge lists are built without boxing. */
final class IntList {

    private int[] values = new int[64];
    private int size;

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    int size() {
        return size;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
