package org.graphsha.synthesis;

/**
 * A synthesizer that needs, after every training step, the gradient of the training loss with
 * respect to input feature rows of original nodes (GraphENS's saliency). The gradient is the one
 * reaching those rows directly as node inputs, not through the synthetic rows mixed from them, as
 * when the reference marks the augmented feature matrix as requiring a gradient.
 */
public interface FeatureGradientListener {

    /** The original node positions whose gradient rows are wanted, ascending; null for none. */
    int[] featureGradientRows();

    /**
     * @param epoch     the epoch whose backward produced the gradient
     * @param gradients rows x F, row-major, in {@link #featureGradientRows()} order
     */
    void onFeatureGradient(int epoch, float[] gradients);
}
