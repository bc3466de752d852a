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

    /** Room for {@code capacity} values in all, so that a reader that can guess its size grows the array once. */
    public void reserve(int capacity) {
        if (capacity > data.length) {
            data = Arrays.copyOf(data, capacity);
        }
    }

    /** The values added; the builder's own array when it is exactly full, so add nothing after this. */
    public float[] toArray() {
        return size == data.length ? data : Arrays.copyOf(data, size);
    }
}
