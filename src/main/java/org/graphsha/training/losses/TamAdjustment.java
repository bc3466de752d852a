package org.graphsha.training.losses;

import java.util.Arrays;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.nn.MessageGraph;
import org.graphsha.numeric.Softmax;

/**
 * TAM (docs/algorithm.md §5): the loss sees z + α·log ACM − β·ADM on the labelled rows (real training
 * nodes and synthetic nodes). Both terms compare a node's neighbour label distribution (NLD: the
 * mean, over in-neighbours and itself, of one-hot labels for labelled nodes and temperature-scaled
 * predictions otherwise) with its class's average NLD. The class temperature is
 * τ_c = φ·(r_c + 1 − max r), r_c = γ·n_c/Σn + (1 − γ), with n_c the real training counts.
 */
public final class TamAdjustment implements LossAdjustment {

    static final double FLOOR = 1e-6;

    private final TamOptions options;
    private final int classes;
    private final double[] temperature;

    public TamAdjustment(GraphSnapshot snapshot, TamOptions options) {
        this.options = options;
        this.classes = snapshot.classCount();
        int[] counts = new int[classes];
        for (int v = 0; v < snapshot.nodeCount(); v++) {
            if (snapshot.trainMask()[v] && snapshot.classes()[v] >= 0) {
                counts[snapshot.classes()[v]]++;
            }
        }
        this.temperature = classTemperature(counts, options);
    }

    static double[] classTemperature(int[] counts, TamOptions options) {
        double total = 0;
        for (int n : counts) {
            total += n;
        }
        double[] r = new double[counts.length];
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < r.length; c++) {
            r[c] = options.gamma() * counts[c] / total + (1 - options.gamma());
            max = Math.max(max, r[c]);
        }
        double[] t = new double[r.length];
        for (int c = 0; c < r.length; c++) {
            t[c] = options.phi() * (r[c] + 1 - max);
        }
        return t;
    }

    @Override
    public boolean appliesTo(int epoch) {
        return epoch >= options.warmupEpochs();
    }

    @Override
    public float[] offsets(int epoch, float[] logits, MessageGraph graph, int[] lossRows, int[] labels) {
        double[][] nld = neighbourLabelDistributions(logits, graph, lossRows, labels);
        Terms terms = Terms.of(nld, labels, classes);
        float[] out = new float[lossRows.length * classes];
        for (int i = 0; i < lossRows.length; i++) {
            for (int k = 0; k < classes; k++) {
                out[i * classes + k] = (float) (options.alpha() * Math.log(terms.acm[i][k])
                    - options.beta() * terms.adm[i][k]);
            }
        }
        return out;
    }

    /** NLD of every loss row: labelled nodes count as their one-hot label, others as softmax(z·τ). */
    double[][] neighbourLabelDistributions(float[] logits, MessageGraph graph, int[] lossRows, int[] labels) {
        int nodes = graph.nodeCount();
        int[] label = new int[nodes];
        Arrays.fill(label, -1);
        int[] rowOf = new int[nodes];
        Arrays.fill(rowOf, -1);
        for (int i = 0; i < lossRows.length; i++) {
            label[lossRows[i]] = labels[i];
            rowOf[lossRows[i]] = i;
        }
        double[][] sum = new double[lossRows.length][classes];
        int[] count = new int[lossRows.length];
        double[] p = new double[classes];
        for (int e = 0; e < graph.edgeCount(); e++) {
            int i = rowOf[graph.targets()[e]];
            if (i >= 0) {
                add(sum[i], distribution(logits, graph.sources()[e], label, p));
                count[i]++;
            }
        }
        for (int i = 0; i < lossRows.length; i++) {
            sum[i][labels[i]] += 1; // the self-loop of a labelled node
            for (int k = 0; k < classes; k++) {
                sum[i][k] /= count[i] + 1;
            }
        }
        return sum;
    }

    private double[] distribution(float[] logits, int node, int[] label, double[] p) {
        if (label[node] >= 0) {
            Arrays.fill(p, 0);
            p[label[node]] = 1;
            return p;
        }
        for (int k = 0; k < classes; k++) {
            p[k] = logits[node * classes + k] * temperature[k];
        }
        Softmax.inPlace(p, 0, classes);
        return p;
    }

    private static void add(double[] into, double[] p) {
        for (int k = 0; k < into.length; k++) {
            into[k] += p[k];
        }
    }

    /** ACM and ADM of each labelled row, from the NLDs and the class-average NLDs (clamped at 1e-6). */
    record Terms(double[][] acm, double[][] adm, double[][] connectivity) {

        static Terms of(double[][] nld, int[] labels, int classes) {
            int rows = nld.length;
            double[][] kc = new double[classes][classes];
            int[] members = new int[classes];
            for (int i = 0; i < rows; i++) {
                add(kc[labels[i]], nld[i]);
                members[labels[i]]++;
            }
            for (int c = 0; c < classes; c++) {
                for (int k = 0; k < classes; k++) {
                    kc[c][k] = Math.max(FLOOR, members[c] == 0 ? 0 : kc[c][k] / members[c]);
                }
            }
            double[][] pair = new double[classes][classes];
            for (int a = 0; a < classes; a++) {
                for (int b = 0; b < classes; b++) {
                    pair[a][b] = Math.max(FLOOR, jsd(kc[a], kc[b]));
                }
            }
            double[][] acm = new double[rows][classes];
            double[][] adm = new double[rows][classes];
            double[] d = new double[classes];
            for (int i = 0; i < rows; i++) {
                int y = labels[i];
                for (int k = 0; k < classes; k++) {
                    d[k] = Math.max(FLOOR, nld[i][k]);
                }
                double self = jsd(d, kc[y]);
                for (int k = 0; k < classes; k++) {
                    if (k == y) {
                        acm[i][k] = 1;
                        adm[i][k] = 0;
                        continue;
                    }
                    acm[i][k] = Math.min(1, (d[y] / kc[y][y]) * (kc[y][k] / d[k]));
                    double toK = jsd(d, kc[k]);
                    double j2 = pair[y][k] * pair[y][k];
                    adm[i][k] = (self * self + j2 - toK * toK) / (2 * j2);
                }
            }
            return new Terms(acm, adm, kc);
        }

        /** Jensen-Shannon divergence ½Σ[p log(2p/(p+q)) + q log(2q/(p+q))] of positive vectors. */
        static double jsd(double[] p, double[] q) {
            double s = 0;
            for (int k = 0; k < p.length; k++) {
                double m = (p[k] + q[k]) / 2;
                s += p[k] * Math.log(p[k] / m) + q[k] * Math.log(q[k] / m);
            }
            return s / 2;
        }
    }
}
