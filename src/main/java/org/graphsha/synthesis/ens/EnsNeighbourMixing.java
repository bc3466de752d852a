package org.graphsha.synthesis.ens;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.numeric.Softmax;
import org.graphsha.synthesis.sampling.HistogramSampling;

/**
 * GraphENS's neighbourhood of a synthetic node (docs/algorithm.md §5): a mixture of the anchor's and the
 * partner's L1-normalised in-neighbour indicators, weighted 1/(1+e^{-KL}) and e^{-KL}/(1+e^{-KL}) by
 * the KL divergence of their previous predictions; a degree from the histogram of the nodes still in
 * the graph, capped by the anchor's degree; that many distinct neighbours drawn from the mixture
 * (plus the 1e-12 floor over all nodes), each sending one edge to the synthetic node.
 */
final class EnsNeighbourMixing {

    private final Csr adjacency;
    private final int[] degree;
    private final HistogramSampling degreeHistogram;

    EnsNeighbourMixing(GraphSnapshot snapshot) {
        this.adjacency = snapshot.adjacency();
        int n = snapshot.nodeCount();
        degree = new int[n];
        int max = 0;
        for (int v = 0; v < n; v++) {
            degree[v] = neighbours(v).length;
            max = Math.max(max, degree[v]);
        }
        long[] counts = new long[max + 1];
        for (int v = 0; v < n; v++) {
            if (kept(snapshot, v)) {
                counts[degree[v]]++;
            }
        }
        degreeHistogram = new HistogramSampling(counts);
    }

    /**
     * Removed long-tailed nodes have neither edges nor a mask; the reference's histogram leaves them
     * out. A node without edges that is in some mask (or an unlabelled node with edges) is kept.
     */
    private static boolean kept(GraphSnapshot g, int v) {
        return g.trainMask()[v] || g.valMask()[v] || g.testMask()[v]
            || g.adjacency().offsets()[v + 1] > g.adjacency().offsets()[v];
    }

    int degree(int node) {
        return degree[node];
    }

    /** In-neighbours of v (the adjacency is symmetric), self-loops excluded, with multiplicity. */
    private int[] neighbours(int v) {
        int from = adjacency.offsets()[v];
        int to = adjacency.offsets()[v + 1];
        int[] out = new int[to - from];
        int k = 0;
        for (int e = from; e < to; e++) {
            if (adjacency.neighbours()[e] != v) {
                out[k++] = adjacency.neighbours()[e];
            }
        }
        return k == out.length ? out : Arrays.copyOf(out, k);
    }

    /**
     * softmax(MeanAgg(z)/τ) for each of {@code nodes}: MeanAgg averages the logits of a node's
     * in-neighbours and itself. Row r of the result (C values) belongs to nodes[r].
     */
    double[] predictions(float[] logits, int classes, int[] nodes, double temperature) {
        double[] q = new double[nodes.length * classes];
        double[] mean = new double[classes];
        for (int r = 0; r < nodes.length; r++) {
            int v = nodes[r];
            int[] in = neighbours(v);
            for (int c = 0; c < classes; c++) {
                mean[c] = logits[v * classes + c];
            }
            for (int u : in) {
                for (int c = 0; c < classes; c++) {
                    mean[c] += logits[u * classes + c];
                }
            }
            for (int c = 0; c < classes; c++) {
                q[r * classes + c] = mean[c] / (in.length + 1) / temperature;
            }
            Softmax.inPlace(q, r * classes, classes);
        }
        return q;
    }

    /** max(0, KL(q_a || q_b)) for rows a and b of q; terms with q_a = 0 contribute 0. */
    static double divergence(double[] q, int a, int b, int classes) {
        double kl = 0;
        for (int c = 0; c < classes; c++) {
            double p = q[a * classes + c];
            if (p > 0) {
                kl += p * (Math.log(p) - Math.log(q[b * classes + c]));
            }
        }
        return Math.max(0, kl);
    }

    /** The anchor's share of the mixture, 1/(1+e^{-KL}); the partner has the rest. */
    static double anchorShare(double kl) {
        return 1 / (1 + Math.exp(-kl));
    }

    /** Row k: the mixture of anchors[k]'s and partners[k]'s neighbour distributions, columns ascending. */
    NeighbourDistribution mixtures(int[] anchors, int[] partners, double[] kl, int nodeCount) {
        int m = anchors.length;
        int[] offsets = new int[m + 1];
        int[][] columns = new int[m][];
        float[][] weights = new float[m][];
        for (int k = 0; k < m; k++) {
            double share = anchorShare(kl[k]);
            mix(neighbours(anchors[k]), share, neighbours(partners[k]), 1 - share, k, columns, weights);
            offsets[k + 1] = offsets[k] + columns[k].length;
        }
        int[] allColumns = new int[offsets[m]];
        float[] allWeights = new float[offsets[m]];
        for (int k = 0; k < m; k++) {
            System.arraycopy(columns[k], 0, allColumns, offsets[k], columns[k].length);
            System.arraycopy(weights[k], 0, allWeights, offsets[k], weights[k].length);
        }
        return new NeighbourDistribution(nodeCount, offsets, allColumns, allWeights, m);
    }

    /** share_a·N(a) + share_b·N(b) as a sorted sparse row; N(v) puts 1/deg on each in-neighbour. */
    private static void mix(int[] a, double shareA, int[] b, double shareB, int row, int[][] columns, float[][] weights) {
        long[] keyed = new long[a.length + b.length];
        double[] amount = new double[keyed.length];
        int k = 0;
        for (int u : a) {
            keyed[k] = ((long) u << 32) | k;
            amount[k++] = shareA / a.length;
        }
        for (int u : b) {
            keyed[k] = ((long) u << 32) | k;
            amount[k++] = shareB / b.length;
        }
        Arrays.sort(keyed);
        int[] cols = new int[keyed.length];
        float[] w = new float[keyed.length];
        int size = 0;
        double running = 0;
        for (int i = 0; i < keyed.length; i++) {
            int node = (int) (keyed[i] >>> 32);
            running += amount[(int) keyed[i]];
            if (i + 1 == keyed.length || (int) (keyed[i + 1] >>> 32) != node) {
                cols[size] = node;
                w[size++] = (float) running;
                running = 0;
            }
        }
        columns[row] = Arrays.copyOf(cols, size);
        weights[row] = Arrays.copyOf(w, size);
    }

    /** min(d, deg(anchor)) with d drawn from the degree histogram, one per anchor. */
    int[] degrees(int[] anchors, RandomGenerator random) {
        int[] d = new int[anchors.length];
        for (int k = 0; k < anchors.length; k++) {
            d[k] = Math.min(degreeHistogram.draw(random), degree[anchors[k]]);
        }
        return d;
    }
}
