package org.graphsha.nn;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;

/**
 * GAT (docs/algorithm.md §2.2): layer 1 has {@code heads} heads of hidden/heads channels, concatenated;
 * layer 2 one head of C channels; each node attends over its in-neighbours and one self-loop. On the
 * engine the edge softmax is done without scatter ops (DJL exposes none): per-edge scores come from row
 * gathers, and numerator and denominator are summed per target through the constant target-by-edge
 * incidence matrix (docs/engine.md, "DJL facts the code relies on").
 */
record Gat(ModelSpec spec) implements Backbone {

    private static final float NEGATIVE_SLOPE = 0.2f;

    /** The parameters in {@link #initialize} order, as engine arrays or as Java tensors. */
    private record Weights<T>(T w1, T attSrc1, T attDst1, T b1, T w2, T attSrc2, T attDst2, T b2) {
        static <T> Weights<T> of(List<T> p) {
            return new Weights<>(p.get(0), p.get(1), p.get(2), p.get(3), p.get(4), p.get(5), p.get(6), p.get(7));
        }
    }

    /** The message edges with one self-loop per node appended, and the target-by-edge incidence matrix. */
    private record Edges(int[] sources, int[] targets, NDArray sourceIndex, NDArray targetIndex, NDArray incidence)
        implements GraphTensors {}

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

    /**
     * Per edge and head of layer 1: the source and target scores, their sum, LeakyReLU, exp and the
     * weighted message's share; the backward doubles it.
     */
    @Override
    public long bytesPerEdge(boolean training) {
        return spec.heads() * (long) Float.BYTES * (training ? 6 : 3);
    }

    // ---- engine

    /** Degrees are not needed: attention normalises over the edges a node receives. */
    @Override
    public GraphTensors tensors(NDManager manager, MessageGraph graph, int[] degrees) {
        int n = graph.nodeCount();
        int e = graph.edgeCount();
        int[] sources = new int[e + n];
        int[] targets = new int[e + n];
        System.arraycopy(graph.sources(), 0, sources, 0, e);
        System.arraycopy(graph.targets(), 0, targets, 0, e);
        for (int v = 0; v < n; v++) {
            sources[e + v] = v;
            targets[e + v] = v;
        }
        NDArray sourceIndex = Transfer.longs(manager, sources);
        NDArray targetIndex = Transfer.longs(manager, targets);
        int[] edgeIds = new int[e + n];
        float[] ones = new float[e + n];
        for (int k = 0; k < e + n; k++) {
            edgeIds[k] = k;
            ones[k] = 1f;
        }
        NDArray incidence = Sparse.coo(manager, targets, edgeIds, ones, n, e + n);
        return new Edges(sources, targets, sourceIndex, targetIndex, incidence);
    }

    @Override
    public NDArray hidden(NDList p, FeatureInput x, NDArray mixing, GraphTensors graph) {
        Weights<NDArray> w = Weights.of(p);
        return attend(x.project(w.w1(), mixing), w.attSrc1(), w.attDst1(), spec.heads(), (Edges) graph, true)
            .add(w.b1());
    }

    @Override
    public NDArray output(NDList p, NDArray h1, GraphTensors graph) {
        Weights<NDArray> w = Weights.of(p);
        NDArray h2 = h1.matMul(w.w2());
        return attend(h2, w.attSrc2(), w.attDst2(), 1, (Edges) graph, false).add(w.b2());
    }

    private static NDArray attend(NDArray h, NDArray attSrc, NDArray attDst, int heads, Edges g, boolean concat) {
        long n = h.getShape().get(0);
        long width = h.getShape().get(1);
        long ch = width / heads;
        long edges = g.sources().length;
        NDArray hh = h.reshape(n, heads, ch);
        NDArray s = hh.mul(attSrc).sum(new int[] {2});
        NDArray t = hh.mul(attDst).sum(new int[] {2});
        NDArray bound = upperBounds(h.getManager(), s, t, g, heads);
        NDArray score = Activation.leakyRelu(s.get(g.sourceIndex()).add(t.get(g.targetIndex())), NEGATIVE_SLOPE);
        NDArray weight = score.sub(bound.get(g.targetIndex())).exp();
        NDArray messages = hh.get(g.sourceIndex()).mul(weight.expandDims(2)).reshape(edges, width);
        NDArray numerator = g.incidence().matMul(messages).reshape(n, heads, ch);
        NDArray denominator = g.incidence().matMul(weight).expandDims(2);
        NDArray out = numerator.div(denominator);
        return concat ? out.reshape(n, width) : out.mean(new int[] {1});
    }

    /**
     * A constant per-target bound on the edge scores so exp never overflows: LeakyReLU is monotone,
     * so leaky(max_{j→i} s_j + t_i) bounds every score into i, and the highest one maps to exp(0) = 1,
     * keeping the denominator ≥ 1. Softmax is shift-invariant, so gradients are unaffected.
     */
    private static NDArray upperBounds(NDManager manager, NDArray s, NDArray t, Edges g, int heads) {
        float[] sv = s.toFloatArray();
        float[] tv = t.toFloatArray();
        int n = tv.length / heads;
        float[] maxIn = new float[n * heads];
        Arrays.fill(maxIn, Float.NEGATIVE_INFINITY);
        for (int e = 0; e < g.sources().length; e++) {
            int src = g.sources()[e] * heads;
            int dst = g.targets()[e] * heads;
            for (int k = 0; k < heads; k++) {
                maxIn[dst + k] = Math.max(maxIn[dst + k], sv[src + k]);
            }
        }
        for (int i = 0; i < maxIn.length; i++) {
            maxIn[i] = leaky(maxIn[i] + tv[i]);
        }
        return Transfer.floats(manager, maxIn, new Shape(n, heads));
    }

    // ---- rows: the same softmax over in-neighbours and self, per head, shifted by the same bound

    @Override
    public float[] hiddenRows(List<Tensor> parameters, FieldGraph g, float[] xw) {
        Weights<Tensor> p = Weights.of(parameters);
        int h = spec.hidden();
        int heads = spec.heads();
        int ch = h / heads;
        int n = xw.length / h;
        float[] src1 = scores(xw, n, h, p.attSrc1().data(), heads);
        float[] dst1 = scores(xw, g.receivers(), h, p.attDst1().data(), heads);
        float[] b1 = p.b1().data();
        return RowMath.activatedRows(g.receivers(), h, b1,
            (u, out, at) -> attendRow(g, u, xw, src1, dst1, heads, ch, out, at));
    }

    @Override
    public float[] outputRows(List<Tensor> parameters, FieldGraph g, float[] hidden) {
        Weights<Tensor> p = Weights.of(parameters);
        float[] attSrc2 = p.attSrc2().data();
        float[] attDst2 = p.attDst2().data();
        float[] b2 = p.b2().data();
        int classes = b2.length;
        RowMath.LinearRows z = new RowMath.LinearRows(hidden, spec.hidden(), p.w2().data(), classes);
        float[] out = new float[g.receivers() * classes];
        for (int t = 0; t < g.receivers(); t++) {
            int from = g.offsets()[t];
            int to = g.offsets()[t + 1];
            int count = to - from + 1;
            float[] h2 = new float[count * classes];
            for (int k = 0; k < count; k++) {
                int u = from + k < to ? g.sources()[from + k] : t;
                System.arraycopy(z.get(u), 0, h2, k * classes, classes);
            }
            float[] s = scores(h2, count, classes, attSrc2, 1);
            float d = rowScores(h2, count - 1, classes, attDst2, 1)[0];
            float[] row = new float[classes];
            softmaxSum(s, d, h2, count, classes, row);
            for (int c = 0; c < classes; c++) {
                out[t * classes + c] = row[c] + b2[c];
            }
        }
        return out;
    }

    /** Per row and head, the attention score a·h (att: heads x ch, rows: n x heads·ch). */
    private static float[] scores(float[] rows, int n, int width, float[] att, int heads) {
        int ch = width / heads;
        float[] s = new float[n * heads];
        for (int i = 0; i < n; i++) {
            for (int hd = 0; hd < heads; hd++) {
                double sum = 0;
                for (int c = 0; c < ch; c++) {
                    sum += rows[i * width + hd * ch + c] * att[hd * ch + c];
                }
                s[i * heads + hd] = (float) sum;
            }
        }
        return s;
    }

    /** The scores of one row, per head. */
    private static float[] rowScores(float[] rows, int row, int width, float[] att, int heads) {
        float[] one = new float[width];
        System.arraycopy(rows, row * width, one, 0, width);
        return scores(one, 1, width, att, heads);
    }

    /** Node u's attention over its in-neighbours and itself, every head, concatenated into {@code into}. */
    private static void attendRow(FieldGraph g, int u, float[] xw, float[] src, float[] dst, int heads, int ch,
                                  float[] into, int at) {
        int from = g.offsets()[u];
        int to = g.offsets()[u + 1];
        int count = to - from + 1;
        int width = heads * ch;
        for (int hd = 0; hd < heads; hd++) {
            float[] s = new float[count];
            float[] gathered = new float[count * ch];
            for (int k = 0; k < count; k++) {
                int j = from + k < to ? g.sources()[from + k] : u;
                s[k] = src[j * heads + hd];
                System.arraycopy(xw, j * width + hd * ch, gathered, k * ch, ch);
            }
            float[] row = new float[ch];
            softmaxSum(s, dst[u * heads + hd], gathered, count, ch, row);
            System.arraycopy(row, 0, into, at + hd * ch, ch);
        }
    }

    /** Σ_k softmax_k(LeakyReLU(s_k + d)) · rows_k, shifted by the largest score as the engine's bound does. */
    private static void softmaxSum(float[] s, float d, float[] rows, int count, int width, float[] into) {
        float max = Float.NEGATIVE_INFINITY;
        for (int k = 0; k < count; k++) {
            max = Math.max(max, s[k]);
        }
        float bound = leaky(max + d);
        double denominator = 0;
        double[] numerator = new double[width];
        for (int k = 0; k < count; k++) {
            double weight = Math.exp(leaky(s[k] + d) - bound);
            denominator += weight;
            for (int c = 0; c < width; c++) {
                numerator[c] += weight * rows[k * width + c];
            }
        }
        for (int c = 0; c < width; c++) {
            into[c] = (float) (numerator[c] / denominator);
        }
    }

    private static float leaky(float z) {
        return z >= 0 ? z : NEGATIVE_SLOPE * z;
    }
}
