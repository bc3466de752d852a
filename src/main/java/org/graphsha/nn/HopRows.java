package org.graphsha.nn;

import java.util.ArrayList;
import java.util.List;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
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
        for (int k = 0; k <= real.hops(); k++) {
            RowBlocks hop = real.hop(k);
            float[] syntheticHop = synthetic == null ? null : synthetic[k];
            // Rows go straight into the transfer's staging buffer: no Java copy of the batch is made.
            out.add(Transfer.floats(manager, new Shape(b, f), into -> {
                for (int i = from; i < to; i++) {
                    int r = rows[i];
                    if (r < n) {
                        hop.putRow(r, into);
                    } else {
                        into.put(syntheticHop, (r - n) * f, f);
                    }
                }
            }));
        }
        return out;
    }

    /**
     * Engine copies of every real row's hop features, one N x F tensor per hop, for a caller that scores all of them
     * again and again (the eval forward of every epoch); null when they would take more than
     * {@code budgetBytes}. Each copy is staged a batch at a time and joined on the engine. They live on
     * {@code manager} until it closes, outside any scope.
     */
    public static NDList resident(NDManager manager, HopFeatures real, int batchRows, long budgetBytes) {
        long bytes = (real.hops() + 1L) * RowBlocks.bytes(real.rows(), real.width());
        if (bytes > budgetBytes) {
            return null;
        }
        int n = real.rows();
        List<NDList> batches = new ArrayList<>();
        int[] all = new int[Math.min(n, batchRows)];
        for (int from = 0; from < n; from += batchRows) {
            int to = Math.min(n, from + batchRows);
            for (int i = 0; i < to - from; i++) {
                all[i] = from + i;
            }
            batches.add(gather(manager, real, null, all, 0, to - from));
        }
        NDList out = new NDList(real.hops() + 1);
        for (int k = 0; k <= real.hops(); k++) {
            if (batches.size() == 1) {
                out.add(batches.get(0).get(k));
                continue;
            }
            NDList parts = new NDList(batches.size());
            for (NDList batch : batches) {
                parts.add(batch.get(k));
            }
            out.add(NDArrays.concat(parts, 0));
            parts.close();
        }
        NDScope.unregister(out);
        return out;
    }

    /** Eval-mode logits of every real row from its {@link #resident} copies, a batch at a time: row-major N x C. */
    public static float[] logits(HopBackbone model, List<Tensor> parameters, NDManager manager, NDList resident,
                                 int batchRows) {
        int n = Math.toIntExact(resident.get(0).getShape().get(0));
        float[] out = null;
        try (NDScope scope = new NDScope(); NDManager pass = manager.newSubManager()) {
            NDList p = ParameterSet.of(parameters).toEngine(pass, false);
            for (int from = 0; from < n; from += batchRows) {
                int to = Math.min(n, from + batchRows);
                try (NDManager b = pass.newSubManager()) {
                    NDList batch = resident;
                    if (to - from < n) {
                        batch = new NDList(resident.size());
                        for (NDArray hop : resident) {
                            NDArray rows = hop.get(from + ":" + to);
                            rows.attach(b);
                            batch.add(rows);
                        }
                    }
                    float[] logits = model.logits(p, batch, null).toFloatArray();
                    int classes = logits.length / (to - from);
                    if (out == null) {
                        out = new float[Math.multiplyExact(n, classes)];
                    }
                    System.arraycopy(logits, 0, out, from * classes, logits.length);
                }
            }
        }
        return out == null ? new float[0] : out;
    }

    /** Eval-mode logits of every real row, batch by batch: row-major N x C. */
    public static float[] logits(HopBackbone model, List<Tensor> parameters, NDManager manager, HopFeatures real,
                                 int batchRows) {
        int[] all = new int[real.rows()];
        for (int v = 0; v < all.length; v++) {
            all[v] = v;
        }
        return logits(model, parameters, manager, real, all, batchRows);
    }

    /**
     * Eval-mode logits of the real rows {@code rows}, batch by batch in their order, placed at their node's position
     * of a row-major N x C array; the rows not listed stay zero. Listing every node in order gives the batches of
     * {@link #logits(HopBackbone, List, NDManager, HopFeatures, int)}.
     */
    public static float[] logits(HopBackbone model, List<Tensor> parameters, NDManager manager, HopFeatures real,
                                 int[] rows, int batchRows) {
        return logits(model, parameters, manager, real, rows, batchRows, null);
    }

    /**
     * As above, into {@code into} when it is N x C: an epoch's eval that scores the same rows every time then writes
     * them over the last epoch's, and the other rows stay zero, with no N x C array allocated per epoch.
     *
     * @param into the array of the last call with the same rows, or null for a fresh one
     */
    public static float[] logits(HopBackbone model, List<Tensor> parameters, NDManager manager, HopFeatures real,
                                 int[] rows, int batchRows, float[] into) {
        float[] out = into;
        try (NDScope scope = new NDScope(); NDManager pass = manager.newSubManager()) {
            NDList p = ParameterSet.of(parameters).toEngine(pass, false);
            for (int from = 0; from < rows.length; from += batchRows) {
                int to = Math.min(rows.length, from + batchRows);
                try (NDManager batch = pass.newSubManager()) {
                    float[] logits = model.logits(p, gather(batch, real, null, rows, from, to), null).toFloatArray();
                    out = place(logits, rows, from, to, real.rows(), out);
                }
            }
        }
        return out == null ? new float[0] : out;
    }

    /**
     * The row-major logits of {@code rows[from..to)} written at their nodes' rows of an N x C array: {@code into} when
     * it is N x C, else a fresh one.
     */
    public static float[] place(float[] logits, int[] rows, int from, int to, int nodes, float[] into) {
        int classes = logits.length / (to - from);
        float[] out = into;
        if (out == null || out.length != Math.multiplyExact(nodes, classes)) {
            out = new float[Math.multiplyExact(nodes, classes)];
        }
        for (int i = from; i < to; i++) {
            System.arraycopy(logits, (i - from) * classes, out, rows[i] * classes, classes);
        }
        return out;
    }
}
