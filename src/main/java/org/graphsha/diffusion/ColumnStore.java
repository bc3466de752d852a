package org.graphsha.diffusion;

import java.util.Arrays;

/**
 * The retained columns of S̃ while they are being computed; each column is written by exactly one
 * worker, and the transpose runs after all workers have been joined.
 */
final class ColumnStore {

    private final int[][] nodes;
    private final float[][] values;
    /** Rows the columns were reduced to, null for all. */
    private final boolean[] keptRows;

    ColumnStore(int nodeCount, boolean[] keptRows) {
        nodes = new int[nodeCount][];
        values = new float[nodeCount][];
        this.keptRows = keptRows;
    }

    void put(int column, int[] columnNodes, float[] columnValues) {
        nodes[column] = columnNodes;
        values[column] = columnValues;
    }

    /**
     * The stored columns as the rows of the same nodes, each sorted by node ({@link DiffusionSources#ANCHORS}): a
     * column that was not computed is an empty row that is not held.
     */
    NeighbourDistribution asRows(boolean[] computed) {
        int n = nodes.length;
        int[] offsets = new int[n + 1];
        for (int a = 0; a < n; a++) {
            offsets[a + 1] = offsets[a] + (nodes[a] == null ? 0 : nodes[a].length);
        }
        int[] columns = new int[offsets[n]];
        float[] weights = new float[offsets[n]];
        for (int a = 0; a < n; a++) {
            int[] row = nodes[a];
            if (row == null) {
                continue;
            }
            // Node in the high half, the weight's bits in the low one: sorting the longs sorts by node.
            long[] byNode = new long[row.length];
            for (int i = 0; i < row.length; i++) {
                byNode[i] = ((long) row[i] << 32) | (Float.floatToRawIntBits(values[a][i]) & 0xFFFF_FFFFL);
            }
            Arrays.sort(byNode);
            for (int i = 0; i < row.length; i++) {
                columns[offsets[a] + i] = (int) (byNode[i] >>> 32);
                weights[offsets[a] + i] = Float.intBitsToFloat((int) byNode[i]);
            }
            nodes[a] = null;
            values[a] = null;
        }
        return new NeighbourDistribution(n, offsets, columns, weights, n, computed);
    }

    /**
     * Turns the columns into per-row lists (row a holds every column j whose kept entries include a),
     * releasing each column once copied so the peak stays near two copies of the retained entries.
     * Rows come out sorted by column because columns are visited in ascending order.
     */
    NeighbourDistribution transpose() {
        int n = nodes.length;
        int[] offsets = new int[n + 1];
        for (int j = 0; j < n; j++) {
            for (int a : nodes[j]) {
                offsets[a + 1]++;
            }
        }
        for (int a = 0; a < n; a++) {
            offsets[a + 1] += offsets[a];
        }
        int[] cursor = Arrays.copyOf(offsets, n);
        int[] columns = new int[offsets[n]];
        float[] weights = new float[offsets[n]];
        for (int j = 0; j < n; j++) {
            int[] rowsOfColumn = nodes[j];
            float[] valuesOfColumn = values[j];
            for (int i = 0; i < rowsOfColumn.length; i++) {
                int slot = cursor[rowsOfColumn[i]]++;
                columns[slot] = j;
                weights[slot] = valuesOfColumn[i];
            }
            nodes[j] = null;
            values[j] = null;
        }
        return new NeighbourDistribution(n, offsets, columns, weights, n, keptRows);
    }
}
