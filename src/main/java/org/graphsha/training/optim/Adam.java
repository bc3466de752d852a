package org.graphsha.training.optim;

import java.util.List;

import org.graphsha.nn.Tensor;

/**
 * Adam as PyTorch implements it, with coupled L2 (grad += wd·θ before the moments), applied only to
 * tensors flagged first-layer (docs/algorithm.md §3). Kept in Java: DJL's optimizers cannot restrict weight
 * decay to a subset of parameters, and plain loops here are deterministic and cheap next to the forward.
 */
public final class Adam {

    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double EPS = 1e-8;

    private final List<Tensor> tensors;
    private final float[][] firstMoment;
    private final float[][] secondMoment;
    private final double weightDecay;
    private int step;

    public Adam(List<Tensor> tensors, double weightDecay) {
        this.tensors = tensors;
        this.weightDecay = weightDecay;
        this.firstMoment = new float[tensors.size()][];
        this.secondMoment = new float[tensors.size()][];
        for (int i = 0; i < tensors.size(); i++) {
            firstMoment[i] = new float[tensors.get(i).size()];
            secondMoment[i] = new float[tensors.get(i).size()];
        }
    }

    /** One update; {@code gradients[i]} belongs to {@code tensors.get(i)}. */
    public void step(float[][] gradients, double lr) {
        step++;
        double bias1 = 1 - Math.pow(BETA1, step);
        double bias2Sqrt = Math.sqrt(1 - Math.pow(BETA2, step));
        float stepSize = (float) (lr / bias1);
        for (int i = 0; i < tensors.size(); i++) {
            Tensor t = tensors.get(i);
            float[] theta = t.data();
            float[] g = gradients[i];
            float[] m = firstMoment[i];
            float[] v = secondMoment[i];
            float wd = t.firstLayer() ? (float) weightDecay : 0f;
            for (int k = 0; k < theta.length; k++) {
                float grad = g[k] + wd * theta[k];
                m[k] = (float) (BETA1 * m[k] + (1 - BETA1) * grad);
                v[k] = (float) (BETA2 * v[k] + (1 - BETA2) * grad * grad);
                float denom = (float) (Math.sqrt(v[k]) / bias2Sqrt + EPS);
                theta[k] -= stepSize * m[k] / denom;
            }
        }
    }
}
