package org.graphsha.nn;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;

/**
 * GAT (docs/algorithm.md §2.2): layer 1 has {@code heads} heads of hidden/heads channels, concatenated;
 * layer 2 one head of C channels. The edge softmax is done without scatter ops (DJL exposes none):
 * per-edge scores come from row gathers, and numerator and denominator are summed per target through
 * the constant target-by-edge incidence matrix (docs/engine.md, "DJL facts the code relies on").
 */
record Gat(ModelSpec spec) implements Backbone {

    private static final float NEGATIVE_SLOPE = 0.2f;

    @Override
    public ParameterSet initialize(int in, int classes, RandomGenerator random) {
        int h = spec.hidden();
        int heads = spec.heads();
        int ch = h / heads;
        return new ParameterSet()
            .uniform("conv1.lin.weight", true, Math.sqrt(6.0 / (in + h)), random, in, h)
            .uniform("conv1.att_src", true, Math.sqrt(6.0 / (heads + ch)), random, 1, heads, ch)
            .uniform("conv1.att_dst", true, Math.sqrt(6.0 / (heads + ch)), random, 1, heads, ch)
            .zeros("conv1.bias", true, h)
            .uniform("conv2.lin.weight", false, Math.sqrt(6.0 / (h + classes)), random, h, classes)
            .uniform("conv2.att_src", false, Math.sqrt(6.0 / (1 + classes)), random, 1, 1, classes)
            .uniform("conv2.att_dst", false, Math.sqrt(6.0 / (1 + classes)), random, 1, 1, classes)
            .zeros("conv2.bias", false, classes);
    }

    @Override
    public NDArray hidden(NDList p, FeatureInput x, NDArray mixing, GraphTensors graph) {
        return attend(x.project(p.get(0), mixing), p.get(1), p.get(2), spec.heads(), graph, true).add(p.get(3));
    }

    @Override
    public NDArray output(NDList p, NDArray h1, GraphTensors graph) {
        NDArray h2 = h1.matMul(p.get(4));
        return attend(h2, p.get(5), p.get(6), 1, graph, false).add(p.get(7));
    }

    private static NDArray attend(NDArray h, NDArray attSrc, NDArray attDst, int heads, GraphTensors g, boolean concat) {
        long n = h.getShape().get(0);
        long width = h.getShape().get(1);
        long ch = width / heads;
        long edges = g.gatSources.length;
        NDArray hh = h.reshape(n, heads, ch);
        NDArray s = hh.mul(attSrc).sum(new int[] {2});
        NDArray t = hh.mul(attDst).sum(new int[] {2});
        NDArray bound = upperBounds(h.getManager(), s, t, g, heads);
        NDArray score = Activation.leakyRelu(s.get(g.edgeSources).add(t.get(g.edgeTargets)), NEGATIVE_SLOPE);
        NDArray weight = score.sub(bound.get(g.edgeTargets)).exp();
        NDArray messages = hh.get(g.edgeSources).mul(weight.expandDims(2)).reshape(edges, width);
        NDArray numerator = g.incidence.matMul(messages).reshape(n, heads, ch);
        NDArray denominator = g.incidence.matMul(weight).expandDims(2);
        NDArray out = numerator.div(denominator);
        return concat ? out.reshape(n, width) : out.mean(new int[] {1});
    }

    /**
     * A constant per-target bound on the edge scores so exp never overflows: LeakyReLU is monotone,
     * so leaky(max_{j→i} s_j + t_i) bounds every score into i, and the highest one maps to exp(0) = 1,
     * keeping the denominator ≥ 1. Softmax is shift-invariant, so gradients are unaffected.
     */
    private static NDArray upperBounds(NDManager manager, NDArray s, NDArray t, GraphTensors g, int heads) {
        float[] sv = s.toFloatArray();
        float[] tv = t.toFloatArray();
        int n = tv.length / heads;
        float[] maxIn = new float[n * heads];
        Arrays.fill(maxIn, Float.NEGATIVE_INFINITY);
        for (int e = 0; e < g.gatSources.length; e++) {
            int src = g.gatSources[e] * heads;
            int dst = g.gatTargets[e] * heads;
            for (int k = 0; k < heads; k++) {
                maxIn[dst + k] = Math.max(maxIn[dst + k], sv[src + k]);
            }
        }
        for (int i = 0; i < maxIn.length; i++) {
            float z = maxIn[i] + tv[i];
            maxIn[i] = z >= 0 ? z : NEGATIVE_SLOPE * z;
        }
        return Transfer.floats(manager, maxIn, new Shape(n, heads));
    }
}
