package org.graphsha.nn;

import java.util.List;

/**
 * The eval-mode forward pass of {@link Gcn}, {@link Sage} and {@link Gat} for a few target rows, in
 * plain Java, from the first layer's X·W rows of their receptive field: the same arithmetic as the
 * engine's sparse products (the same float edge weights, the same self-loops), but only the rows the
 * targets need: layer 1 on the targets and their neighbours, layer 2 on the targets. A receptive field
 * of a node or a few is far smaller than the graph, and this costs a few microseconds per message
 * instead of an engine session (and takes no engine lock, so it never waits for a training run).
 *
 * <p>Nodes are local positions: the targets are {@code 0 .. targets-1}, the nodes that receive all
 * their messages are {@code 0 .. expanded-1} (targets first), the rest only send.
 */
public final class FieldForward {

    private FieldForward() {}

    /**
     * @param inOffsets  for node u below {@code expanded}, its incoming messages come from
     *                   {@code inSources[inOffsets[u] .. inOffsets[u+1]-1]}
     * @param degrees    per node, GCN's degree d (the self-loop excluded); unused by SAGE and GAT
     * @param projection row-major n x width first-layer rows X·W (width: the first weight's columns)
     * @return row-major targets x C logits
     */
    public static float[] logits(ModelSpec spec, List<Tensor> parameters, int targets, int expanded, int[] inOffsets,
                                 int[] inSources, int[] degrees, float[] projection) {
        float[] hidden = hidden(spec, parameters, expanded, inOffsets, inSources, degrees, projection);
        return output(spec, parameters, targets, inOffsets, inSources, degrees, hidden);
    }

    /**
     * Layer 1 with its activation for nodes {@code 0 .. count-1}, which receive all their messages.
     *
     * @return row-major count x hidden
     */
    public static float[] hidden(ModelSpec spec, List<Tensor> parameters, int count, int[] inOffsets, int[] inSources,
                                 int[] degrees, float[] projection) {
        Graph g = new Graph(0, count, inOffsets, inSources, degrees);
        return switch (spec.kind()) {
            case GCN -> gcnHidden(spec, parameters, g, projection);
            case SAGE -> sageHidden(spec, parameters, g, projection);
            case GAT -> gatHidden(spec, parameters, g, projection);
        };
    }

    /**
     * Layer 2 for the targets {@code 0 .. targets-1}, from the activated layer-1 rows of the targets and of
     * every node that sends them a message.
     *
     * @param degrees GCN's degrees of the targets and of their senders
     * @param hidden  row-major layer-1 rows, by local node
     * @return row-major targets x C logits
     */
    public static float[] output(ModelSpec spec, List<Tensor> parameters, int targets, int[] inOffsets, int[] inSources,
                                 int[] degrees, float[] hidden) {
        Graph g = new Graph(targets, targets, inOffsets, inSources, degrees);
        return switch (spec.kind()) {
            case GCN -> gcnOutput(spec, parameters, g, hidden);
            case SAGE -> sageOutput(spec, parameters, g, hidden);
            case GAT -> gatOutput(spec, parameters, g, hidden);
        };
    }

    private record Graph(int targets, int expanded, int[] offsets, int[] sources, int[] degrees) {}

    // ---- GCN: H' = Â(HW) + b, the edge j→i weighted as GraphTensors weighs it.

    private static float[] gcnHidden(ModelSpec spec, List<Tensor> p, Graph g, float[] xw) {
        int h = spec.hidden();
        float[] b1 = p.get(1).data();
        boolean mean = spec.gcnNormalization() == GcnNormalization.MEAN;
        float[] hidden = new float[g.expanded() * h];
        for (int u = 0; u < g.expanded(); u++) {
            gcnRow(g, u, xw, h, mean, hidden, u * h);
            addBiasRelu(hidden, u * h, b1);
        }
        return hidden;
    }

    private static float[] gcnOutput(ModelSpec spec, List<Tensor> p, Graph g, float[] hidden) {
        int h = spec.hidden();
        float[] w2 = p.get(2).data();
        float[] b2 = p.get(3).data();
        int classes = b2.length;
        boolean mean = spec.gcnNormalization() == GcnNormalization.MEAN;
        Rows z = new Rows(hidden, h, w2, classes);
        float[] out = new float[g.targets() * classes];
        double[] sum = new double[classes];
        for (int t = 0; t < g.targets(); t++) {
            java.util.Arrays.fill(sum, 0);
            for (int k = g.offsets()[t]; k < g.offsets()[t + 1]; k++) {
                int u = g.sources()[k];
                float weight = gcnWeight(mean, g.degrees()[t] + 1, g.degrees()[u] + 1);
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
    private static void gcnRow(Graph g, int u, float[] rows, int w, boolean mean, float[] into, int at) {
        double[] sum = new double[w];
        int du = g.degrees()[u] + 1;
        for (int k = g.offsets()[u]; k < g.offsets()[u + 1]; k++) {
            int j = g.sources()[k];
            float weight = gcnWeight(mean, du, g.degrees()[j] + 1);
            for (int c = 0; c < w; c++) {
                sum[c] += weight * rows[j * w + c];
            }
        }
        float self = 1f / du;
        for (int c = 0; c < w; c++) {
            into[at + c] = (float) (sum[c] + self * rows[u * w + c]);
        }
    }

    private static float gcnWeight(boolean mean, int targetDegree, int sourceDegree) {
        return mean ? (float) (1.0 / targetDegree) : (float) (1.0 / Math.sqrt((double) targetDegree * sourceDegree));
    }

    // ---- SAGE: out_i = W_l·mean_{j→i} h_j + b + W_r·h_i, [W_l | W_r] side by side.

    private static float[] sageHidden(ModelSpec spec, List<Tensor> p, Graph g, float[] both) {
        int h = spec.hidden();
        float[] b1 = p.get(1).data();
        float[] hidden = new float[g.expanded() * h];
        for (int u = 0; u < g.expanded(); u++) {
            sageRow(g, u, both, h, hidden, u * h);
            addBiasRelu(hidden, u * h, b1);
        }
        return hidden;
    }

    private static float[] sageOutput(ModelSpec spec, List<Tensor> p, Graph g, float[] hidden) {
        int h = spec.hidden();
        float[] w2 = p.get(2).data();
        float[] b2 = p.get(3).data();
        int classes = b2.length;
        Rows z = new Rows(hidden, h, w2, 2 * classes);
        float[] out = new float[g.targets() * classes];
        for (int t = 0; t < g.targets(); t++) {
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
    private static void sageRow(Graph g, int u, float[] both, int w, float[] into, int at) {
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

    // ---- GAT: softmax over in-neighbours and self of LeakyReLU(a_src·h_j + a_dst·h_i), per head.

    private static final float NEGATIVE_SLOPE = 0.2f;

    private static float[] gatHidden(ModelSpec spec, List<Tensor> p, Graph g, float[] xw) {
        int h = spec.hidden();
        int heads = spec.heads();
        int ch = h / heads;
        int n = xw.length / h;
        float[] src1 = scores(xw, n, h, p.get(1).data(), heads);
        float[] dst1 = scores(xw, g.expanded(), h, p.get(2).data(), heads);
        float[] b1 = p.get(3).data();
        float[] hidden = new float[g.expanded() * h];
        for (int u = 0; u < g.expanded(); u++) {
            attend(g, u, xw, src1, dst1, heads, ch, hidden, u * h);
            addBiasRelu(hidden, u * h, b1);
        }
        return hidden;
    }

    private static float[] gatOutput(ModelSpec spec, List<Tensor> p, Graph g, float[] hidden) {
        int h = spec.hidden();
        float[] w2 = p.get(4).data();
        float[] attSrc2 = p.get(5).data();
        float[] attDst2 = p.get(6).data();
        float[] b2 = p.get(7).data();
        int classes = b2.length;
        Rows z = new Rows(hidden, h, w2, classes);
        float[] out = new float[g.targets() * classes];
        for (int t = 0; t < g.targets(); t++) {
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
    private static void attend(Graph g, int u, float[] xw, float[] src, float[] dst, int heads, int ch, float[] into,
                               int at) {
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

    // ---- shared

    /** Layer 2's linear map of activated hidden rows, each computed once, when first needed. */
    private static final class Rows {
        private final float[] hidden;
        private final int in;
        private final float[] w;
        private final int width;
        private final float[][] rows;

        Rows(float[] hidden, int in, float[] w, int width) {
            this.hidden = hidden;
            this.in = in;
            this.w = w;
            this.width = width;
            this.rows = new float[hidden.length / in][];
        }

        float[] get(int u) {
            if (rows[u] == null) {
                rows[u] = new float[width];
                times(hidden, u * in, in, w, width, rows[u]);
            }
            return rows[u];
        }
    }

    private static void addBiasRelu(float[] rows, int at, float[] bias) {
        for (int c = 0; c < bias.length; c++) {
            rows[at + c] = Math.max(0f, rows[at + c] + bias[c]);
        }
    }

    /** out = row · W for a row of {@code rows} at {@code at} (length in) and a row-major in x outWidth W. */
    private static void times(float[] rows, int at, int in, float[] w, int outWidth, float[] out) {
        double[] sum = new double[outWidth];
        for (int i = 0; i < in; i++) {
            float x = rows[at + i];
            if (x != 0) {
                int base = i * outWidth;
                for (int c = 0; c < outWidth; c++) {
                    sum[c] += x * w[base + c];
                }
            }
        }
        for (int c = 0; c < outWidth; c++) {
            out[c] = (float) sum[c];
        }
    }
}
