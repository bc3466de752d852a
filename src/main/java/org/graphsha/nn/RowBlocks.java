package org.graphsha.nn;

import java.nio.FloatBuffer;

/**
 * A dense rows x width float matrix kept in blocks of whole rows, so that it may hold more than the 2^31 entries
 * of one Java array (10M nodes x 256 features is 2.56·10^9). Row r lives in block r / rowsPerBlock.
 */
public final class RowBlocks {

    /** Entries per block at most: a quarter of the largest Java array, so a block is at most 4 GiB of floats. */
    static final long MAX_BLOCK_ENTRIES = 1L << 29;

    private final int rows;
    private final int width;
    private final int rowsPerBlock;
    private final float[][] blocks;

    public RowBlocks(int rows, int width) {
        this(rows, width, MAX_BLOCK_ENTRIES);
    }

    RowBlocks(int rows, int width, long maxBlockEntries) {
        if (rows < 0 || width < 1) {
            throw new IllegalArgumentException("a row matrix needs rows >= 0 and width >= 1, but was " + rows + " x "
                + width);
        }
        this.rows = rows;
        this.width = width;
        this.rowsPerBlock = (int) Math.max(1, Math.min(Math.max(rows, 1), maxBlockEntries / width));
        int count = rows == 0 ? 0 : (int) ((rows + (long) rowsPerBlock - 1) / rowsPerBlock);
        this.blocks = new float[count][];
        for (int b = 0; b < count; b++) {
            long first = (long) b * rowsPerBlock;
            blocks[b] = new float[Math.toIntExact(Math.min(rowsPerBlock, rows - first) * (long) width)];
        }
    }

    private RowBlocks(int rows, int width, float[] onlyBlock) {
        this.rows = rows;
        this.width = width;
        this.rowsPerBlock = Math.max(rows, 1);
        this.blocks = new float[][] {onlyBlock};
    }

    /**
     * A rows x width matrix over {@code values} (row-major, exactly rows · width entries), without a copy: the caller
     * keeps the array and neither side writes it.
     */
    static RowBlocks over(float[] values, int rows, int width) {
        if (rows < 1 || width < 1 || values.length != (long) rows * width) {
            throw new IllegalArgumentException(values.length + " values are no " + rows + " x " + width + " matrix");
        }
        return new RowBlocks(rows, width, values);
    }

    public int rows() {
        return rows;
    }

    public int width() {
        return width;
    }

    /** The block holding row r; the row starts at {@link #offset}(r) in it. */
    public float[] block(int r) {
        return blocks[r / rowsPerBlock];
    }

    public int offset(int r) {
        return (r % rowsPerBlock) * width;
    }

    /** Copies row r into {@code into} at {@code at}. */
    public void copyRow(int r, float[] into, int at) {
        System.arraycopy(block(r), offset(r), into, at, width);
    }

    /** Writes row r into {@code into} at its position, advancing it by one row. */
    public void putRow(int r, FloatBuffer into) {
        into.put(block(r), offset(r), width);
    }

    /** Bytes the matrix holds: rows · width floats, as a long. */
    public static long bytes(long rows, long width) {
        return rows * width * Float.BYTES;
    }
}
