package org.graphsha.graph;

import java.util.Arrays;

/** An append-only int array that grows by doubling, for readers that do not know their size up front. */
public final class IntArrayBuilder {
    private int[] data = new int[1024];
    private int size;

    public void add(int value) {
        if (size == data.length) {
            data = Arrays.copyOf(data, size * 2);
        }
        data[size++] = value;
    }

    public int size() {
        return size;
    }

    public int[] toArray() {
        return Arrays.copyOf(data, size);
    }
}
