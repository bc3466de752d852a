package org.graphsha.nn;

import java.util.List;
import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;

/**
 * SIGN (Frasca et al. 2020; docs/algorithm.md, the sign backbone): one linear map per hop, Z = ReLU([H_0·W_0 + b_0 |
 * ... | H_K·W_K + b_K]), dropout on Z, then logits Z·W + b. Each hop map has {@code hidden} columns, so Z has (K+1)·hidden.
 * Its inputs H_k = Â^k X are computed once ({@link HopFeatures}); it builds no graph operator on the engine.
 */
public record Sign(ModelSpec spec) implements HopBackbone {

    @Override
    public ParameterSet initialize(int in, int classes, RandomGenerator random) {
        int h = spec.hidden();
        ParameterSet p = new ParameterSet();
        for (int k = 0; k <= spec.hops(); k++) {
            // The hop maps are the first layer: weight decay applies to them, as to conv1 of the other backbones.
            p.uniform("hop" + k + ".weight", true, Math.sqrt(6.0 / (in + h)), random, in, h)
                .zeros("hop" + k + ".bias", true, h);
        }
        long width = hiddenWidth();
        return p.uniform("out.weight", false, Math.sqrt(6.0 / (width + classes)), random, width, classes)
            .zeros("out.bias", false, classes);
    }

    @Override
    public int hiddenWidth() {
        return Math.multiplyExact(spec.hops() + 1, spec.hidden());
    }

    @Override
    public NDArray hopWeight(NDList p, int k) {
        return p.get(2 * k);
    }

    @Override
    public NDArray logitsOfMapped(NDList p, NDList mapped, NDArray dropoutMask) {
        int hops = spec.hops() + 1;
        NDList parts = new NDList(hops);
        for (int k = 0; k < hops; k++) {
            parts.add(mapped.get(k).add(p.get(2 * k + 1)));
        }
        NDArray z = Backbone.activate(hops == 1 ? parts.get(0) : NDArrays.concat(parts, 1), dropoutMask);
        return z.matMul(p.get(2 * hops)).add(p.get(2 * hops + 1));
    }

    /**
     * {@link #logits} for one node without an engine (the Spark executors score with it): the same sums in
     * float32, dropout off.
     *
     * @param hops    H_0..H_K of the node
     * @param weights the parameters' weights in their order (in x hidden per hop, then width x classes), row-major
     * @param biases  the parameters' biases in the same order
     */
    public static float[] rowLogits(float[][] hops, float[][] weights, float[][] biases, int hidden, int classes) {
        int width = hops.length * hidden;
        float[] z = new float[width];
        for (int k = 0; k < hops.length; k++) {
            float[] x = hops[k];
            float[] w = weights[k];
            for (int j = 0; j < hidden; j++) {
                float s = biases[k][j];
                for (int i = 0; i < x.length; i++) {
                    s += x[i] * w[i * hidden + j];
                }
                z[k * hidden + j] = Math.max(s, 0f);
            }
        }
        float[] out = weights[hops.length];
        float[] logits = new float[classes];
        for (int c = 0; c < classes; c++) {
            float s = biases[hops.length][c];
            for (int i = 0; i < width; i++) {
                s += z[i] * out[i * classes + c];
            }
            logits[c] = s;
        }
        return logits;
    }

    // ---- what the message-graph backbones do and this one does not

    @Override
    public GraphTensors tensors(NDManager manager, MessageGraph graph, int[] degrees) {
        throw notMessagePassing();
    }

    @Override
    public NDArray hidden(NDList params, FeatureInput x, NDArray mixing, GraphTensors graph) {
        throw notMessagePassing();
    }

    @Override
    public NDArray output(NDList params, NDArray hidden, GraphTensors graph) {
        throw notMessagePassing();
    }

    @Override
    public float[] hiddenRows(List<Tensor> parameters, FieldGraph field, float[] projection) {
        throw notMessagePassing();
    }

    @Override
    public float[] outputRows(List<Tensor> parameters, FieldGraph field, float[] hidden) {
        throw notMessagePassing();
    }

    private static UnsupportedOperationException notMessagePassing() {
        return new UnsupportedOperationException("the sign backbone reads precomputed hop features, not a message "
            + "graph: score it through HopRows");
    }
}
