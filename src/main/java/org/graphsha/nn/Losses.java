package org.graphsha.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The training losses of docs/algorithm.md §5 over L labelled rows of logits (L x C). Labels and weights
 * are Java arrays turned into constants, so only the logits carry gradients.
 */
public final class Losses {

    /** PyTorch's binary_cross_entropy clamps log terms at -100. */
    private static final float LOG_FLOOR = -100f;

    private Losses() {}

    static NDArray oneHot(NDManager manager, int[] labels, int classes) {
        float[] data = new float[labels.length * classes];
        for (int i = 0; i < labels.length; i++) {
            data[i * classes + labels[i]] = 1f;
        }
        return Transfer.floats(manager, data, new Shape(labels.length, classes));
    }

    private static NDArray column(NDManager manager, float[] values) {
        return Transfer.floats(manager, values, new Shape(values.length, 1));
    }

    /** Mean cross-entropy; with row weights the PyTorch weighted mean Σ w_i ℓ_i / Σ w_i. */
    public static NDArray crossEntropy(NDArray logits, int[] labels, float[] rowWeights) {
        NDManager m = logits.getManager();
        int classes = (int) logits.getShape().get(1);
        NDArray nll = logits.logSoftmax(1).mul(oneHot(m, labels, classes)).sum(new int[] {1}).neg();
        if (rowWeights == null) {
            return nll.mean();
        }
        double total = 0;
        for (float w : rowWeights) {
            total += w;
        }
        return nll.mul(Transfer.floats(m, rowWeights)).sum().div(Transfer.scalar(m, (float) total));
    }

    /**
     * Class-balanced softmax loss (ReNode/TAM 'cb-softmax'): binary cross-entropy of the softmax
     * probabilities against the one-hot labels, each row weighted by its class weight, mean over L x C.
     */
    public static NDArray classBalancedSoftmax(NDArray logits, int[] labels, float[] rowClassWeights) {
        NDManager m = logits.getManager();
        int classes = (int) logits.getShape().get(1);
        NDArray t = oneHot(m, labels, classes);
        NDArray logP = logits.logSoftmax(1).maximum(Transfer.scalar(m, LOG_FLOOR));
        // 1-p can round to exactly 0; clamping the argument keeps log and its gradient finite.
        NDArray logNotP = logits.softmax(1).neg().add(1f).maximum(Transfer.scalar(m, 1e-38f)).log()
            .maximum(Transfer.scalar(m, LOG_FLOOR));
        NDArray perEntry = t.mul(logP).add(t.neg().add(1f).mul(logNotP));
        return perEntry.mul(column(m, rowClassWeights)).mean().neg();
    }

    /**
     * Sigmoid focal loss (ReNode/TAM 'focal'): per row α_i Σ_k BCEwithLogits(z_k, t_k)·exp(-γ t_k z_k -
     * γ log(1+e^{-z_k})), then Σ_i scale_i·loss_i / L (scale = 1 for plain focal, the ReNode weight otherwise).
     */
    public static NDArray focal(NDArray logits, int[] labels, float[] rowAlpha, float gamma, float[] rowScale) {
        NDManager m = logits.getManager();
        int classes = (int) logits.getShape().get(1);
        NDArray t = oneHot(m, labels, classes);
        NDArray logOnePlusExpNegAbs = logits.abs().neg().exp().add(1f).log();
        NDArray zero = Transfer.scalar(m, 0f);
        NDArray bce = logits.maximum(zero).sub(logits.mul(t)).add(logOnePlusExpNegAbs);
        NDArray softplusNeg = logits.neg().maximum(zero).add(logOnePlusExpNegAbs);
        NDArray modulator = t.mul(logits).add(softplusNeg).mul(Transfer.scalar(m, -gamma)).exp();
        float[] scale = new float[labels.length];
        for (int i = 0; i < scale.length; i++) {
            scale[i] = rowAlpha[i] * (rowScale == null ? 1f : rowScale[i]);
        }
        return modulator.mul(bce).mul(column(m, scale)).sum().div(Transfer.scalar(m, (float) labels.length));
    }

    /**
     * GDS's cross-entropy with its imbalance keys: (1/L) Σ_i w_{y_i} (1 − p_i)^γ (−log p_i), p_i the softmax
     * probability of row i's class, w the class weights (all 1 when null) and γ the focus weight (0: weighted
     * cross-entropy). Divided by the row count, as GDS does, not by Σ w.
     *
     * @param rowWeights each row's class weight, or null
     */
    public static NDArray gdsFocal(NDArray logits, int[] labels, float[] rowWeights, float gamma) {
        NDManager m = logits.getManager();
        int classes = (int) logits.getShape().get(1);
        NDArray logP = logits.logSoftmax(1).mul(oneHot(m, labels, classes)).sum(new int[] {1});
        NDArray perRow = logP.neg();
        if (gamma != 0f) {
            // 1 − p is floored above 0 so that (1 − p)^γ and its gradient stay finite for γ < 1 when p rounds to 1.
            NDArray focus = logP.exp().neg().add(1f).maximum(Transfer.scalar(m, 1e-30f)).pow(gamma);
            perRow = perRow.mul(focus);
        }
        if (rowWeights != null) {
            perRow = perRow.mul(Transfer.floats(m, rowWeights));
        }
        return perRow.sum().div(Transfer.scalar(m, (float) labels.length));
    }
}
