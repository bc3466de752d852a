package org.graphsha.graph;

/** A row-compressed (CSR) feature matrix: bag-of-words rows stay sparse until a consumer needs them dense. */
public record SparseFeatures(int rows, int dimension, int[] rowOffsets, int[] columns, float[] values) {

    public SparseFeatures {
        if (rowOffsets.length != rows + 1 || columns.length != values.length
            || rowOffsets[rows] != columns.length) {
            throw new IllegalArgumentException("inconsistent CSR arrays");
        }
    }

    public int nonZeros() {
        return values.length;
    }

    public float[] denseRow(int row) {
        float[] dense = new float[dimension];
        for (int k = rowOffsets[row]; k < rowOffsets[row + 1]; k++) {
            dense[columns[k]] = values[k];
        }
        return dense;
    }
}
