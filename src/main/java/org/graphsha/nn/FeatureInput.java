package org.graphsha.nn;

import java.util.Arrays;

import org.graphsha.graph.FeatureCorrection;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.graph.MeanNodeBatch;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The input feature matrix X on the engine, sparse (bag-of-words stays sparse: X·W costs nnz·out
 * instead of N·F·out) or dense. Synthetic rows never exist as features: since layer 1 starts with a
 * linear map, δ·x_a + (1-δ)·x_b maps to δ·XW[a] + (1-δ)·XW[b], a sparse M x N mixing matrix times XW.
 */
public final class FeatureInput {

    private final NDArray x;
    private final int rows;
    private final int dimension;
    /** M x F sparse additions to the synthetic rows (GraphENS saliency masking), or null. */
    private final NDArray correction;
    /** N x out zeros added to the original rows' X·W so that its gradient can be read, or null. */
    private final NDArray probe;
    /** X·W of the original rows, already computed at the current W, or null to compute it. */
    private final NDArray projection;

    private FeatureInput(NDArray x, int rows, int dimension) {
        this(x, rows, dimension, null, null, null);
    }

    private FeatureInput(NDArray x, int rows, int dimension, NDArray correction, NDArray probe, NDArray projection) {
        this.x = x;
        this.rows = rows;
        this.dimension = dimension;
        this.correction = correction;
        this.probe = probe;
        this.projection = projection;
    }

    /** X as a sparse tensor of its non-zero entries. */
    public static FeatureInput sparse(NDManager manager, SparseFeatures f) {
        SparseFeatures stored = f.nonZeroEntries();
        int[] rowIdx = new int[stored.nonZeros()];
        int[] offsets = stored.rowOffsets();
        for (int r = 0; r < stored.rows(); r++) {
            for (int k = offsets[r]; k < offsets[r + 1]; k++) {
                rowIdx[k] = r;
            }
        }
        return new FeatureInput(Sparse.coo(manager, rowIdx, stored.columns(), stored.values(), f.rows(),
            f.dimension()), f.rows(), f.dimension());
    }

    public static FeatureInput dense(NDManager manager, SparseFeatures f) {
        return new FeatureInput(Transfer.floats(manager, f.denseValues(), new Shape(f.rows(), f.dimension())), f.rows(),
            f.dimension());
    }

    /**
     * An input of which only X·W is known: rows x out, computed beforehand (e.g. kept per node between
     * calls). {@link #project} returns it whatever W it is given; no mixing, no gradient.
     */
    public static FeatureInput projected(NDArray xw) {
        int rows = Math.toIntExact(xw.getShape().get(0));
        return new FeatureInput(null, rows, -1, null, null, xw);
    }

    public int rows() {
        return rows;
    }

    public int dimension() {
        return dimension;
    }

    /** The M x N mixing matrix of a batch, or null when it has no synthetic nodes. */
    public NDArray mixing(NDManager manager, SyntheticBatch batch) {
        return mixing(manager, batch, MeanNodeBatch.EMPTY);
    }

    /**
     * The (M + K) x N mixing matrix of a batch followed by K mean nodes, each the mean of its member
     * rows; null when there are neither.
     */
    public NDArray mixing(NDManager manager, SyntheticBatch batch, MeanNodeBatch meanNodes) {
        int m = batch.size();
        if (m + meanNodes.size() == 0) {
            return null;
        }
        int entries = 2 * m + meanNodes.members().length;
        int[] r = new int[entries];
        int[] c = new int[entries];
        float[] v = new float[entries];
        int k = mixingEntries(batch, rows, r, c, v);
        for (int i = 0; i < meanNodes.size(); i++) {
            int from = meanNodes.memberOffsets()[i];
            int to = meanNodes.memberOffsets()[i + 1];
            float share = 1f / (to - from);
            for (int j = from; j < to; j++) {
                int member = meanNodes.members()[j];
                if (member < 0 || member >= rows) {
                    throw new IllegalArgumentException("mean node " + i + " averages node " + member
                        + ", outside 0.." + (rows - 1));
                }
                r[k] = m + i; c[k] = member; v[k] = share; k++;
            }
        }
        return Sparse.coo(manager, Arrays.copyOf(r, k), Arrays.copyOf(c, k),
            Arrays.copyOf(v, k), m + meanNodes.size(), rows);
    }

    /**
     * The entries of a batch's M x N mixing matrix, row i being δ·(anchor's row) + (1−δ)·(auxiliary's row), into the
     * arrays from index 0 (at most 2M entries).
     *
     * @return how many entries were written
     */
    static int mixingEntries(SyntheticBatch batch, int rows, int[] r, int[] c, float[] v) {
        int k = 0;
        for (int i = 0; i < batch.size(); i++) {
            int a = batch.anchors()[i];
            int b = batch.auxiliaries()[i];
            if (a < 0 || a >= rows || b < 0 || b >= rows) {
                throw new IllegalArgumentException("synthetic node " + i + " mixes nodes " + a + " and " + b
                    + ", outside 0.." + (rows - 1));
            }
            float delta = batch.deltas()[i];
            if (a == b) {
                r[k] = i; c[k] = a; v[k] = 1f; k++;
            } else {
                r[k] = i; c[k] = a; v[k] = delta; k++;
                r[k] = i; c[k] = b; v[k] = 1f - delta; k++;
            }
        }
        return k;
    }

    /**
     * The same features for one training step, with the batch's feature corrections (null: none)
     * and a probe (null: none). Without either, {@link #project} computes exactly what this input does.
     */
    public FeatureInput forStep(NDManager manager, SyntheticBatch batch, NDArray probe) {
        return forStep(manager, batch, 0, probe);
    }

    /**
     * As above when {@code meanRows} mean nodes follow the synthetic rows: the corrections, which
     * touch synthetic rows only, are laid out over all M + K mixed rows.
     */
    public FeatureInput forStep(NDManager manager, SyntheticBatch batch, int meanRows, NDArray probe) {
        FeatureCorrection c = batch.corrections();
        NDArray correctionMatrix = c == null || c.size() == 0 || batch.size() == 0 ? null
            : Sparse.coo(manager, c.rows(), c.features(), c.values(), batch.size() + meanRows, dimension);
        if (correctionMatrix == null && probe == null) {
            return this;
        }
        return new FeatureInput(x, rows, dimension, correctionMatrix, probe, projection);
    }

    /**
     * The same input with X·W of the original rows supplied: N x out, computed at the W this step
     * uses. X·W is the largest product of an epoch on wide features, and the eval forward after an
     * optimizer step has already computed it for the next training step. For training, {@code xw}
     * must be a leaf with a gradient and ∂L/∂W read from {@link #weightGradient}.
     */
    public FeatureInput withProjection(NDArray xw) {
        return new FeatureInput(x, rows, dimension, correction, probe, xw);
    }

    /**
     * ∂L/∂W after the backward pass. With a supplied projection, W reaches the loss through X·W only
     * as that leaf, so its part, Xᵀ·∂L/∂(X·W), is added here to W's own gradient (the correction's).
     */
    public NDArray weightGradient(NDArray w) {
        if (projection == null) {
            return w.getGradient();
        }
        NDArray throughProjection = x.transpose().matMul(projection.getGradient());
        return correction == null ? throughProjection : w.getGradient().add(throughProjection);
    }

    /**
     * X·W for the original rows, followed by mixing·(X·W) (+ correction·W) for the synthetic ones when
     * present. A probe is added to the original rows only, so its gradient is the loss gradient of
     * the original rows as node inputs, without the part that flows through the synthetic rows.
     */
    public NDArray project(NDArray w, NDArray mixing) {
        NDArray xw = projection != null ? projection : x.matMul(w);
        NDArray direct = probe == null ? xw : xw.add(probe);
        if (mixing == null) {
            return direct;
        }
        NDArray synthetic = mixing.matMul(xw);
        if (correction != null) {
            synthetic = synthetic.add(correction.matMul(w));
        }
        return direct.concat(synthetic, 0);
    }
}
