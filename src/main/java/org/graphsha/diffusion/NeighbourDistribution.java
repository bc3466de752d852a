package org.graphsha.diffusion;

import java.util.Arrays;

/**
 * The rows of the column-stochastic diffusion matrix S̃ (docs/algorithm.md §4.1): row a lists the nodes
 * j with S̃[a][j] > 0 in ascending order. Synthesis draws a synthetic node's neighbours from the row
 * of its anchor. Rows are not normalised; only columns are. Memory is one int and one float per
 * retained entry (at most K·N for PPR, about K per held row when only some rows are held) and one
 * int offset per row.
 */
public final class NeighbourDistribution {

    private final int nodeCount;
    private final int[] rowOffsets;
    private final int[] columns;
    private final float[] weights;
    /** Rows that were computed, null when all were; the others are empty here though not in S̃. */
    private final boolean[] heldRows;

    public NeighbourDistribution(int nodeCount, int[] rowOffsets, int[] columns, float[] weights) {
        this(nodeCount, rowOffsets, columns, weights, nodeCount);
    }

    /** Rows that are not nodes of the graph (e.g. one per synthetic node), over the graph's nodes as columns. */
    public NeighbourDistribution(int nodeCount, int[] rowOffsets, int[] columns, float[] weights, int rowCount) {
        this(nodeCount, rowOffsets, columns, weights, rowCount, null);
    }

    /** @param heldRows one flag per row for the rows that were computed, or null when all were */
    NeighbourDistribution(int nodeCount, int[] rowOffsets, int[] columns, float[] weights, int rowCount,
                          boolean[] heldRows) {
        if (rowOffsets.length != rowCount + 1 || columns.length != weights.length
            || rowOffsets[rowCount] != columns.length || (heldRows != null && heldRows.length != rowCount)) {
            throw new IllegalArgumentException("inconsistent neighbour distribution arrays");
        }
        this.nodeCount = nodeCount;
        this.rowOffsets = rowOffsets;
        this.columns = columns;
        this.weights = weights;
        this.heldRows = heldRows == null ? null : heldRows.clone();
    }

    /** Whether row a was computed; a row that was not reads as empty, which S̃'s row need not be. */
    public boolean holdsRow(int row) {
        return heldRows == null || heldRows[row];
    }

    /** Bytes of the arrays held: offsets, columns and weights. */
    public long bytes() {
        return (long) rowOffsets.length * Integer.BYTES + (long) columns.length * (Integer.BYTES + Float.BYTES)
            + (heldRows == null ? 0 : heldRows.length);
    }

    public int nodeCount() {
        return nodeCount;
    }

    public long entryCount() {
        return columns.length;
    }

    /** First entry index of row a; entries run to {@link #rowEnd(int)} exclusive. */
    public int rowStart(int row) {
        return rowOffsets[row];
    }

    public int rowEnd(int row) {
        return rowOffsets[row + 1];
    }

    public int rowLength(int row) {
        return rowOffsets[row + 1] - rowOffsets[row];
    }

    public int column(int entry) {
        return columns[entry];
    }

    public float weight(int entry) {
        return weights[entry];
    }

    /** S̃[row][column], 0 when not retained. */
    public float weight(int row, int column) {
        int k = Arrays.binarySearch(columns, rowOffsets[row], rowOffsets[row + 1], column);
        return k >= 0 ? weights[k] : 0f;
    }

    /** Sum of column j over all rows (1 for every column with a retained entry). */
    public double[] columnSums() {
        double[] sums = new double[nodeCount];
        for (int k = 0; k < columns.length; k++) {
            sums[columns[k]] += weights[k];
        }
        return sums;
    }
}
