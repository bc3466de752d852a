package org.graphsha.nn;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;

/**
 * GCN (docs/algorithm.md §2.1): H' = Â(HW) + b, Â with one self-loop per node, mean or symmetric. The edge
 * j→i is weighted by {@link GcnNormalization#weight} from d̂_i and d̂_j, the self-loop by 1/d̂_i.
 */
record Gcn(ModelSpec spec) implements Backbone {

    @Override
    public ParameterSet initialize(int in, int classes, RandomGenerator random) {
        int h = spec.hidden();
        return new ParameterSet()
            .uniform("conv1.weight", true, Math.sqrt(6.0 / (in + h)), random, in, h)
            .zeros("conv1.bias", true, h)
            .uniform("conv2.weight", false, Math.sqrt(6.0 / (h + classes)), random, h, classes)
            .zeros("conv2.bias", false, classes);
    }

    @Override
    public boolean needsNeighbourDegrees() {
        return spec.gcnNormalization() == GcnNormalization.SYMMETRIC;
    }

    // ---- engine

    @Override
    public GraphTensors tensors(NDManager manager, MessageGraph graph, int[] degrees) {
        int[] deg = degrees == null ? graph.inDegrees() : degrees;
        GcnNormalization norm = spec.gcnNormalization();
        int n = graph.nodeCount();
        int e = graph.edgeCount();
        int[] rows = new int[e + n];
        int[] cols = new int[e + n];
        float[] vals = new float[e + n];
        for (int k = 0; k < e; k++) {
            int i = graph.targets()[k];
            int j = graph.sources()[k];
            rows[k] = i;
            cols[k] = j;
            vals[k] = norm.weight(deg[i] + 1, deg[j] + 1);
        }
        for (int v = 0; v < n; v++) {
            rows[e + v] = v;
            cols[e + v] = v;
            vals[e + v] = 1f / (deg[v] + 1);
        }
        return new Propagation(Sparse.coo(manager, rows, cols, vals, n, n));
    }

    @Override
    public NDArray hidden(NDList p, FeatureInput x, NDArray mixing, GraphTensors graph) {
        TwoLayerWeights<NDArray> w = TwoLayerWeights.of(p);
        return Propagation.of(graph).matMul(x.project(w.w1(), mixing)).add(w.b1());
    }

    @Override
    public NDArray output(NDList p, NDArray h, GraphTensors graph) {
        TwoLayerWeights<NDArray> w = TwoLayerWeights.of(p);
        return Propagation.of(graph).matMul(h.matMul(w.w2())).add(w.b2());
    }

    // ---- rows

    @Override
    public float[] hiddenRows(List<Tensor> parameters, FieldGraph g, float[] xw) {
        int h = spec.hidden();
        float[] b1 = TwoLayerWeights.of(parameters).b1().data();
        return RowMath.activatedRows(g.receivers(), h, b1, (u, out, at) -> propagateRow(g, u, xw, h, out, at));
    }

    @Override
    public float[] outputRows(List<Tensor> parameters, FieldGraph g, float[] hidden) {
        TwoLayerWeights<Tensor> p = TwoLayerWeights.of(parameters);
        float[] b2 = p.b2().data();
        int classes = b2.length;
        GcnNormalization norm = spec.gcnNormalization();
        RowMath.LinearRows z = new RowMath.LinearRows(hidden, spec.hidden(), p.w2().data(), classes);
        float[] out = new float[g.receivers() * classes];
        double[] sum = new double[classes];
        for (int t = 0; t < g.receivers(); t++) {
            Arrays.fill(sum, 0);
            for (int k = g.offsets()[t]; k < g.offsets()[t + 1]; k++) {
                int u = g.sources()[k];
                float weight = norm.weight(g.degrees()[t] + 1, g.degrees()[u] + 1);
                float[] zu = z.get(u);
                for (int c = 0; c < classes; c++) {
                    sum[c] += weight * zu[c];
                }
            }
            float self = 1f / (g.degrees()[t] + 1);
            float[] zt = z.get(t);
            for (int c = 0; c < classes; c++) {
                out[t * classes + c] = (float) (sum[c] + self * zt[c]) + b2[c];
            }
        }
        return out;
    }

    /** Row u of Â·rows (width w), into {@code into} at {@code at}. */
    private void propagateRow(FieldGraph g, int u, float[] rows, int w, float[] into, int at) {
        GcnNormalization norm = spec.gcnNormalization();
        double[] sum = new double[w];
        int du = g.degrees()[u] + 1;
        for (int k = g.offsets()[u]; k < g.offsets()[u + 1]; k++) {
            int j = g.sources()[k];
            float weight = norm.weight(du, g.degrees()[j] + 1);
            for (int c = 0; c < w; c++) {
                sum[c] += weight * rows[j * w + c];
            }
        }
        float self = 1f / du;
        for (int c = 0; c < w; c++) {
            into[at + c] = (float) (sum[c] + self * rows[u * w + c]);
        }
    }
}
