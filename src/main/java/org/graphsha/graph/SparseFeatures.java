package org.graphsha.graph;

import java.util.Arrays;

/**
 * A row-compressed (CSR) feature matrix: bag-of-words rows stay sparse until a consumer needs them dense. Mostly
 * non-zero features (embeddings, scalar columns) are held in the dense form instead: {@code columns} is null and
 * row r is entries [r·d, (r+1)·d) of {@code values}, column by column, zeros included. That drops the int column
 * index, as large as the values themselves.
 */
public record SparseFeatures(int rows, int dimension, int[] rowOffsets, int[] columns, float[] values) {

    /** From this share of non-zero entries on, a reader keeps features in the dense form: it is then no larger. */
    public static final double DENSE_FROM = 0.5;
    /** The most entries one Java array holds. */
    private static final long MAX_DENSE_ENTRIES = Integer.MAX_VALUE - 8;

    public SparseFeatures {
        if (rowOffsets.length != rows + 1 || rowOffsets[rows] != values.length
            || (columns != null && columns.length != values.length)
            || (columns == null && values.length != (long) rows * dimension)) {
            throw new IllegalArgumentException("inconsistent CSR arrays");
        }
    }

    /** The dense form over row-major {@code values}, rows x dimension. */
    public static SparseFeatures dense(int rows, int dimension, float[] values) {
        int[] offsets = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            offsets[r + 1] = Math.addExact(offsets[r], dimension);
        }
        return new SparseFeatures(rows, dimension, offsets, null, values);
    }

    /** Whether this is the dense form: every column of every row stored, in order, with no column index. */
    public boolean isDense() {
        return columns == null;
    }

    /** Stored entries: the non-zeros of the sparse form, every entry of the dense form. */
    public int nonZeros() {
        return values.length;
    }

    /** The column of stored entry {@code k}. */
    public int column(int k) {
        return columns == null ? k % dimension : columns[k];
    }

    public float[] denseRow(int row) {
        if (columns == null) {
            return Arrays.copyOfRange(values, rowOffsets[row], rowOffsets[row + 1]);
        }
        float[] dense = new float[dimension];
        for (int k = rowOffsets[row]; k < rowOffsets[row + 1]; k++) {
            dense[columns[k]] = values[k];
        }
        return dense;
    }

    /**
     * The dense form of these features when at least {@link #DENSE_FROM} of the entries are stored and a dense array
     * can hold them, else these. Every entry stored in order is already the dense form: its arrays are kept, with no
     * copy. The values are the same either way.
     */
    public SparseFeatures compact() {
        if (columns == null) {
            return this;
        }
        long entries = (long) rows * dimension;
        if (values.length == entries && storedInOrder()) {
            return new SparseFeatures(rows, dimension, rowOffsets, null, values);
        }
        if (values.length < DENSE_FROM * entries || entries > MAX_DENSE_ENTRIES) {
            return this;
        }
        return dense(rows, dimension, denseValues());
    }

    /** Every entry row-major, zeros included: the dense form's own array, or a new one laid out from the sparse form. */
    public float[] denseValues() {
        if (columns == null) {
            return values;
        }
        float[] dense = new float[Math.multiplyExact(rows, dimension)];
        for (int r = 0; r < rows; r++) {
            for (int k = rowOffsets[r]; k < rowOffsets[r + 1]; k++) {
                dense[r * dimension + columns[k]] = values[k];
            }
        }
        return dense;
    }

    /** The sparse form of the non-zero entries: these features when already sparse, the dense form's without zeros. */
    public SparseFeatures nonZeroEntries() {
        if (columns != null) {
            return this;
        }
        int count = 0;
        for (float v : values) {
            count += v == 0f ? 0 : 1;
        }
        int[] offsets = new int[rows + 1];
        int[] kept = new int[count];
        float[] keptValues = new float[count];
        int at = 0;
        for (int r = 0; r < rows; r++) {
            for (int k = rowOffsets[r]; k < rowOffsets[r + 1]; k++) {
                if (values[k] != 0f) {
                    kept[at] = k - rowOffsets[r];
                    keptValues[at++] = values[k];
                }
            }
            offsets[r + 1] = at;
        }
        return new SparseFeatures(rows, dimension, offsets, kept, keptValues);
    }

    /** Whether row r holds entries [r·d, (r+1)·d) with columns 0..d−1 in order. */
    private boolean storedInOrder() {
        for (int r = 0; r <= rows; r++) {
            if (rowOffsets[r] != (long) r * dimension) {
                return false;
            }
        }
        for (int k = 0; k < columns.length; k++) {
            if (columns[k] != k % dimension) {
                return false;
            }
        }
        return true;
    }
}
