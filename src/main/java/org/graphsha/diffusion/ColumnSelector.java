package org.graphsha.diffusion;

import java.util.Arrays;

/**
 * Keeps the entries of one column that S̃ retains (the K largest, or those at or above a clip
 * threshold) and divides them by their sum. One instance per thread. Ties at the K-th value are
 * broken towards the smaller node position so results do not depend on visiting order.
 */
final class ColumnSelector implements ColumnSink {

    private final int topK;
    private final double clip;
    /** Rows whose entries are stored, null for all. */
    private final boolean[] keptRows;
    /** The one empty column this selector stores for every column without a kept row. */
    private final int[] noNodes = new int[0];
    private final float[] noValues = new float[0];
    private int[] nodes;
    private double[] values;
    private int size;

    /**
     * @param topK     entries kept, or {@code Integer.MAX_VALUE} to keep all
     * @param clip     smallest value kept
     * @param keptRows rows whose entries are stored (after selection and normalisation over the whole
     *                 column), or null for all
     */
    ColumnSelector(int topK, double clip, boolean[] keptRows) {
        this.topK = topK;
        this.clip = clip;
        this.keptRows = keptRows;
        int capacity = topK == Integer.MAX_VALUE ? 64 : topK;
        nodes = new int[capacity];
        values = new double[capacity];
    }

    @Override
    public void accept(int node, double value) {
        if (!(value > 0) || value < clip) {
            return;
        }
        if (size < topK) {
            if (size == nodes.length) {
                nodes = Arrays.copyOf(nodes, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            nodes[size] = node;
            values[size] = value;
            size++;
            if (size == topK) {
                for (int i = size / 2 - 1; i >= 0; i--) {
                    siftDown(i);
                }
            }
        } else if (worse(nodes[0], values[0], node, value)) {
            nodes[0] = node;
            values[0] = value;
            siftDown(0);
        }
    }

    /**
     * Stores the kept, normalised column into {@code store} and resets for the next column. The sum
     * runs over every selected entry, stored or not, so a stored entry does not depend on the row set.
     */
    void finish(int column, ColumnStore store) {
        double sum = 0;
        for (int i = 0; i < size; i++) {
            sum += values[i];
        }
        if (sum == 0) {
            sum = 1;
        }
        int stored = size;
        if (keptRows != null) {
            stored = 0;
            for (int i = 0; i < size; i++) {
                if (keptRows[nodes[i]]) {
                    stored++;
                }
            }
        }
        // Most columns reach no kept row when few rows are kept: share one empty column among them.
        int[] keptNodes = stored == 0 ? noNodes : new int[stored];
        float[] keptValues = stored == 0 ? noValues : new float[stored];
        int at = 0;
        for (int i = 0; i < size; i++) {
            if (keptRows == null || keptRows[nodes[i]]) {
                keptNodes[at] = nodes[i];
                keptValues[at] = (float) (values[i] / sum);
                at++;
            }
        }
        store.put(column, keptNodes, keptValues);
        size = 0;
    }

    /** True when entry a ranks below entry b: smaller value, or equal value at a larger position. */
    private static boolean worse(int nodeA, double valueA, int nodeB, double valueB) {
        return valueA < valueB || (valueA == valueB && nodeA > nodeB);
    }

    /** Min-heap on rank: the root is the worst kept entry, the first to be evicted. */
    private void siftDown(int i) {
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) {
                return;
            }
            int right = left + 1;
            int smallest = right < size && worse(nodes[right], values[right], nodes[left], values[left]) ? right : left;
            if (!worse(nodes[smallest], values[smallest], nodes[i], values[i])) {
                return;
            }
            int tn = nodes[i];
            double tv = values[i];
            nodes[i] = nodes[smallest];
            values[i] = values[smallest];
            nodes[smallest] = tn;
            values[smallest] = tv;
            i = smallest;
        }
    }
}
