package org.graphsha.diffusion;

import java.util.Arrays;

/**
 * The rows of the column-stochastic diffusion matrix S̃ (docs/algorithm.md §4.1): row a lists the nodes
 * j with S̃[a][j] > 0 in ascending order. Synthesis draws a synthetic node's neighbours from the row
 * of its anchor. Rows are not normalised; only columns are. Memory is one int and one float per
 * retained entry (at most K·N for PPR).
 */
public final class NeighbourDistribution {

    private final int nodeCount;
    private final int[] rowOffsets;
    private final int[] columns;
    private final float[] weights;

    public NeighbourDistribution(int nodeCount, int[] rowOffsets, int[] columns, float[] weights) {
        this(nodeCount, rowOffsets, columns, weights, nodeCount);
    }

    /** Rows that are not nodes of the graph (e.g. one per synthetic node), over the graph's nodes as columns. */
    public NeighbourDistribution(int nodeCount, int[] rowOffsets, int[] columns, float[] weights, int rowCount) {
        if (rowOffsets.length != rowCount + 1 || columns.length != weights.length
            || rowOffsets[rowCount] != columns.length) {
            throw new IllegalArgumentException("inconsistent neighbour distribution arrays");
        }
        this.nodeCount = nodeCount;
        this.rowOffsets = rowOffsets;
        this.columns = columns;
        this.weights = weights;
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
