package org.graphsha.nn;

import java.util.List;
import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;

/**
 * GraphSAGE, mean aggregator (docs/algorithm.md §2.3): out_i = W_l·mean_{j→i} h_j + b_l + W_r·h_i. W_l and
 * W_r are stored side by side as one [W_l | W_r] matrix so the (sparse) input is multiplied once. No
 * self-loops, and no degrees beyond the in-edges a node receives.
 */
record Sage(ModelSpec spec) implements Backbone {

    @Override
    public ParameterSet initialize(int in, int classes, RandomGenerator random) {
        int h = spec.hidden();
        // PyTorch Linear default: weights and bias U(±1/√fan_in); W_l and W_r share fan_in.
        double b1 = 1 / Math.sqrt(in);
        double b2 = 1 / Math.sqrt(h);
        return new ParameterSet()
            .uniform("conv1.lin_lr.weight", true, b1, random, in, 2L * h)
            .uniform("conv1.lin_l.bias", true, b1, random, h)
            .uniform("conv2.lin_lr.weight", false, b2, random, h, 2L * classes)
            .uniform("conv2.lin_l.bias", false, b2, random, classes);
    }

    @Override
    public boolean hasRootWeight() {
        return true;
    }

    /** X·W holds both halves, [X·W_l | X·W_r]. */
    @Override
    public long projectionWidth() {
        return 2L * spec.hidden();
    }

    // ---- engine

    /** The mean over in-neighbours; the given degrees are not needed, a node receives all its messages. */
    @Override
    public GraphTensors tensors(NDManager manager, MessageGraph graph, int[] degrees) {
        int n = graph.nodeCount();
        int e = graph.edgeCount();
        int[] deg = graph.inDegrees();
        float[] vals = new float[e];
        for (int k = 0; k < e; k++) {
            vals[k] = 1f / deg[graph.targets()[k]];
        }
        return new Propagation(Sparse.coo(manager, graph.targets(), graph.sources(), vals, n, n));
    }

    @Override
    public NDArray hidden(NDList p, FeatureInput x, NDArray mixing, GraphTensors graph) {
        TwoLayerWeights<NDArray> w = TwoLayerWeights.of(p);
        NDArray both = x.project(w.w1(), mixing);
        return layer(graph, both, spec.hidden()).add(w.b1());
    }

    @Override
    public NDArray output(NDList p, NDArray hidden, GraphTensors graph) {
        TwoLayerWeights<NDArray> w = TwoLayerWeights.of(p);
        NDArray out = hidden.matMul(w.w2());
        int c = (int) out.getShape().get(1) / 2;
        return layer(graph, out, c).add(w.b2());
    }

    /** mean-aggregated left half plus the root (right) half. */
    private static NDArray layer(GraphTensors graph, NDArray both, int width) {
        NDArray left = both.get(":, 0:" + width);
        NDArray right = both.get(":, " + width + ":");
        return Propagation.of(graph).matMul(left).add(right);
    }

    // ---- rows

    @Override
    public float[] hiddenRows(List<Tensor> parameters, FieldGraph g, float[] both) {
        int h = spec.hidden();
        float[] b1 = TwoLayerWeights.of(parameters).b1().data();
        return RowMath.activatedRows(g.receivers(), h, b1, (u, out, at) -> row(g, u, both, h, out, at));
    }

    @Override
    public float[] outputRows(List<Tensor> parameters, FieldGraph g, float[] hidden) {
        TwoLayerWeights<Tensor> p = TwoLayerWeights.of(parameters);
        float[] b2 = p.b2().data();
        int classes = b2.length;
        RowMath.LinearRows z = new RowMath.LinearRows(hidden, spec.hidden(), p.w2().data(), 2 * classes);
        float[] out = new float[g.receivers() * classes];
        for (int t = 0; t < g.receivers(); t++) {
            int from = g.offsets()[t];
            int to = g.offsets()[t + 1];
            double[] sum = new double[classes];
            float weight = to > from ? 1f / (to - from) : 0f;
            for (int k = from; k < to; k++) {
                float[] zu = z.get(g.sources()[k]);
                for (int c = 0; c < classes; c++) {
                    sum[c] += weight * zu[c];
                }
            }
            float[] zt = z.get(t);
            for (int c = 0; c < classes; c++) {
                out[t * classes + c] = (float) sum[c] + zt[classes + c] + b2[c];
            }
        }
        return out;
    }

    /** Mean of the left halves of u's in-neighbours plus u's right half (rows of width 2w). */
    private static void row(FieldGraph g, int u, float[] both, int w, float[] into, int at) {
        int from = g.offsets()[u];
        int to = g.offsets()[u + 1];
        double[] sum = new double[w];
        float weight = to > from ? 1f / (to - from) : 0f;
        for (int k = from; k < to; k++) {
            int j = g.sources()[k];
            for (int c = 0; c < w; c++) {
                sum[c] += weight * both[j * 2 * w + c];
            }
        }
        for (int c = 0; c < w; c++) {
            into[at + c] = (float) sum[c] + both[u * 2 * w + w + c];
        }
    }
}
