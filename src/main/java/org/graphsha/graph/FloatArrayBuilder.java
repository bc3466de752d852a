package org.graphsha.graph;

import java.util.Arrays;

/** An append-only float array that grows by doubling, for readers that do not know their size up front. */
public final class FloatArrayBuilder {
    private float[] data = new float[1024];
    private int size;

    public void add(float value) {
        if (size == data.length) {
            data = Arrays.copyOf(data, size * 2);
        }
        data[size++] = value;
    }

    public int size() {
        return size;
    }

    public float[] toArray() {
        return Arrays.copyOf(data, size);
    }
}
