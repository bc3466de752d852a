package org.graphsha.nn;

import org.graphsha.graph.SparseFeatures;

/**
 * The sign backbone's inputs H_k = Â^k X for k = 0..K (docs/algorithm.md, the sign backbone), computed once in Java
 * by a row-parallel CSR product per hop. Each output row is summed over its CSR entries in column order by one
 * thread, so the result is the same whatever the number of threads.
 */
public final class HopFeatures {

    /** Rows one task takes at a time: large enough to amortise the hand-off, small enough to balance skew. */
    private static final int CHUNK_ROWS = 512;

    private final RowBlocks[] hops;

    private HopFeatures(RowBlocks[] hops) {
        this.hops = hops;
    }

    /**
     * @param hops    K: the last power of Â computed
     * @param threads threads for the products, at least 1; the result does not depend on it
     */
    public static HopFeatures compute(HopOperator a, SparseFeatures x, int hops, int threads) {
        if (a.nodeCount() != x.rows()) {
            throw new IllegalArgumentException("Â has " + a.nodeCount() + " rows but the features have " + x.rows());
        }
        RowBlocks[] out = new RowBlocks[hops + 1];
        out[0] = dense(x);
        for (int k = 1; k <= hops; k++) {
            out[k] = multiply(a, out[k - 1], threads);
        }
        return new HopFeatures(out);
    }

    /** K + 1 matrices given directly (rows already propagated elsewhere, or a test's). */
    static HopFeatures of(RowBlocks... hops) {
        return new HopFeatures(hops.clone());
    }

    /** K. */
    public int hops() {
        return hops.length - 1;
    }

    public int rows() {
        return hops[0].rows();
    }

    /** F: the width of every H_k. */
    public int width() {
        return hops[0].width();
    }

    public RowBlocks hop(int k) {
        return hops[k];
    }

    /**
     * H_0 = X. Features in the dense form (dense properties such as embeddings and scalar columns, or any stored with
     * every entry in order) are already H_0 row-major: their values array is shared, which saves one copy of the
     * features for the whole run. Sparse ones (bag-of-words) are copied into dense rows.
     */
    private static RowBlocks dense(SparseFeatures features) {
        SparseFeatures x = features.compact();
        if (x.isDense() && x.rows() > 0 && x.dimension() > 0) {
            return RowBlocks.over(x.values(), x.rows(), x.dimension());
        }
        RowBlocks h = new RowBlocks(x.rows(), x.dimension());
        int[] offsets = x.rowOffsets();
        for (int r = 0; r < x.rows(); r++) {
            float[] block = h.block(r);
            int at = h.offset(r);
            for (int k = offsets[r]; k < offsets[r + 1]; k++) {
                block[at + x.column(k)] = x.values()[k];
            }
        }
        return h;
    }

    /** Â · previous, row by row. */
    static RowBlocks multiply(HopOperator a, RowBlocks previous, int threads) {
        RowBlocks next = new RowBlocks(previous.rows(), previous.width());
        RowParallel.run(previous.rows(), CHUNK_ROWS, threads, "propagating hop features", (from, to) -> {
            for (int r = from; r < to; r++) {
                multiplyRow(a, previous, r, next.block(r), next.offset(r));
            }
        });
        return next;
    }

    /** Row r of Â · rows into {@code into} at {@code at}, entries in CSR order. */
    static void multiplyRow(HopOperator a, RowBlocks rows, int r, float[] into, int at) {
        int w = rows.width();
        for (int k = a.offsets()[r]; k < a.offsets()[r + 1]; k++) {
            float weight = a.values()[k];
            int j = a.columns()[k];
            float[] source = rows.block(j);
            int from = rows.offset(j);
            for (int c = 0; c < w; c++) {
                into[at + c] += weight * source[from + c];
            }
        }
    }
}
