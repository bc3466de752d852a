package org.graphsha.training.loop;

import org.graphsha.nn.Transfer;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The gradient of the training loss with respect to input feature rows (GraphENS's saliency),
 * without a dense N x F input: layer 1 starts with X·W, so ∂L/∂X = (∂L/∂(X·W))·Wᵀ. A zero probe
 * added to X·W of the original rows is a leaf whose gradient is ∂L/∂(X·W); only the requested
 * rows are then multiplied by Wᵀ.
 */
final class FeatureGradients {

    private FeatureGradients() {}

    /** N x out zeros with a gradient, out being the width of the first layer's input weight. */
    static NDArray probe(NDManager manager, int nodes, NDArray firstWeight) {
        NDArray probe = manager.zeros(new Shape(nodes, firstWeight.getShape().get(1)));
        probe.setRequiresGradient(true);
        return probe;
    }

    /** rows x F, row-major: the gradient rows of the given nodes, after the backward pass. */
    static float[] ofRows(NDManager manager, NDArray probe, NDArray firstWeight, int[] rows) {
        NDArray g = probe.getGradient().get(Transfer.longs(manager, rows));
        return g.matMul(firstWeight.stopGradient().transpose()).toFloatArray();
    }
}
