package org.graphsha.nn;

import java.util.ArrayList;
import java.util.List;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;
import ai.djl.ndarray.types.Shape;

/**
 * Rows of hop features on the engine, a batch at a time: what a {@link HopBackbone} reads. A row is a real node
 * (0..N−1, from the precomputed {@link HopFeatures}) or a synthetic node N+s (row s of the epoch's
 * {@link SyntheticHops}). No staging larger than one batch is made.
 */
public final class HopRows {

    /** Rows per engine batch unless a caller chooses: 8192 rows of 3 hops x 1433 features is 141 MiB of floats. */
    public static final int DEFAULT_BATCH_ROWS = 8192;

    private HopRows() {}

    /**
     * H_0..H_K of {@code rows[from..to)} as K + 1 arrays of (to − from) x F.
     *
     * @param synthetic the epoch's synthetic rows ({@link SyntheticHops#of}), or null when no row is synthetic
     */
    public static NDList gather(NDManager manager, HopFeatures real, float[][] synthetic, int[] rows, int from, int to) {
        int n = real.rows();
        int f = real.width();
        int b = to - from;
        NDList out = new NDList(real.hops() + 1);
        float[] staging = new float[Math.multiplyExact(b, f)];
        for (int k = 0; k <= real.hops(); k++) {
            RowBlocks hop = real.hop(k);
            for (int i = 0; i < b; i++) {
                int r = rows[from + i];
                if (r < n) {
                    hop.copyRow(r, staging, i * f);
                } else {
                    System.arraycopy(synthetic[k], (r - n) * f, staging, i * f, f);
                }
            }
            out.add(Transfer.floats(manager, staging, new Shape(b, f)));
        }
        return out;
    }

    /**
     * Engine copies of every real row's hop features, batch by batch, for a caller that scores all of them again and
     * again (the eval forward of every epoch); null when they would take more than {@code budgetBytes}. They live
     * on {@code manager} until it closes, outside any scope.
     */
    public static List<NDList> resident(NDManager manager, HopFeatures real, int batchRows, long budgetBytes) {
        long bytes = (real.hops() + 1L) * RowBlocks.bytes(real.rows(), real.width());
        if (bytes > budgetBytes) {
            return null;
        }
        List<NDList> batches = new ArrayList<>();
        int n = real.rows();
        int[] all = new int[Math.min(n, batchRows)];
        for (int from = 0; from < n; from += batchRows) {
            int to = Math.min(n, from + batchRows);
            for (int i = 0; i < to - from; i++) {
                all[i] = from + i;
            }
            NDList batch = gather(manager, real, null, all, 0, to - from);
            NDScope.unregister(batch);
            batches.add(batch);
        }
        return batches;
    }

    /** Eval-mode logits of every real row from its {@link #resident} batches: row-major N x C. */
    public static float[] logits(HopBackbone model, List<Tensor> parameters, NDManager manager, List<NDList> resident,
                                 int n) {
        float[] out = null;
        try (NDScope scope = new NDScope(); NDManager pass = manager.newSubManager()) {
            NDList p = ParameterSet.of(parameters).toEngine(pass, false);
            int from = 0;
            for (NDList batch : resident) {
                try (NDManager b = pass.newSubManager()) {
                    float[] logits = model.logits(p, batch, null).toFloatArray();
                    int rows = Math.toIntExact(batch.get(0).getShape().get(0));
                    if (out == null) {
                        out = new float[Math.multiplyExact(n, logits.length / rows)];
                    }
                    System.arraycopy(logits, 0, out, from * (logits.length / rows), logits.length);
                    from += rows;
                }
            }
        }
        return out == null ? new float[0] : out;
    }

    /** Eval-mode logits of every real row, batch by batch: row-major N x C. */
    public static float[] logits(HopBackbone model, List<Tensor> parameters, NDManager manager, HopFeatures real,
                                 int batchRows) {
        int n = real.rows();
        float[] out = null;
        try (NDScope scope = new NDScope(); NDManager pass = manager.newSubManager()) {
            NDList p = ParameterSet.of(parameters).toEngine(pass, false);
            int[] all = new int[0];
            for (int from = 0; from < n; from += batchRows) {
                int to = Math.min(n, from + batchRows);
                if (all.length < to - from) {
                    all = new int[to - from];
                }
                for (int i = 0; i < to - from; i++) {
                    all[i] = from + i;
                }
                try (NDManager batch = pass.newSubManager()) {
                    float[] logits = model.logits(p, gather(batch, real, null, all, 0, to - from), null).toFloatArray();
                    if (out == null) {
                        out = new float[Math.multiplyExact(n, logits.length / (to - from))];
                    }
                    System.arraycopy(logits, 0, out, from * (logits.length / (to - from)), logits.length);
                }
            }
        }
        return out == null ? new float[0] : out;
    }
}
