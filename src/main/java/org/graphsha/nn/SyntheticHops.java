package org.graphsha.nn;

import java.util.Arrays;

import org.graphsha.graph.FeatureCorrection;
import org.graphsha.graph.SyntheticBatch;

/**
 * The hop features of one epoch's synthetic nodes, exactly those of the augmented graph (docs/algorithm.md, the sign
 * backbone). Synthetic node s only receives edges, so every real row of Â'^k X' is the precomputed H_k and only the
 * synthetic rows are new: H_0(s) = δ·x_a + (1−δ)·x_b (+ GraphENS's correction), and
 * H_k(s) = H_{k−1}(s)/d̂_s + Σ_{u→s} w(d̂_s, d̂_u)·H_{k−1}(u), with d̂_s = 1 + the edges into s and w the
 * backbone's normalisation: 1/d̂_s (mean) or 1/√(d̂_s·d̂_u) (symmetric), d̂_u a real node's unchanged degree.
 * Edges are read as the full-batch graph reads them: a repeat counts twice, a self-edge not at all.
 */
public final class SyntheticHops {

    /** Synthetic rows one task takes at a time. */
    private static final int CHUNK_ROWS = 256;

    private SyntheticHops() {}

    /**
     * @param real the real rows' hop features
     * @param a    the real graph's Â, for the degrees d̂_u
     * @return K + 1 row-major m x F matrices
     * @throws IllegalArgumentException if an edge points into a real node, which would change its rows
     */
    public static float[][] of(HopFeatures real, HopOperator a, GcnNormalization norm, SyntheticBatch batch) {
        return of(real, a, norm, batch, new float[real.hops() + 1][], 1);
    }

    /**
     * As {@link #of(HopFeatures, HopOperator, GcnNormalization, SyntheticBatch)}, into the arrays of {@code reuse}
     * (K + 1 of them, an entry null or too short is replaced by one that fits), so that a run allocates its
     * per-epoch buffers once for its largest batch. Row s of hop k is {@code [s·F, (s+1)·F)} of the k-th array;
     * entries past m·F are left as they were. Every entry below m·F is written before it is read, so the result
     * does not depend on what the buffers held. The rows of a hop are computed on up to {@code threads} threads, each
     * row whole by one of them, so the result does not depend on the thread count.
     *
     * @return {@code reuse}, its entries now holding the synthetic rows
     */
    public static float[][] of(HopFeatures real, HopOperator a, GcnNormalization norm, SyntheticBatch batch,
                               float[][] reuse, int threads) {
        if (reuse.length != real.hops() + 1) {
            throw new IllegalArgumentException("synthetic hop rows need " + (real.hops() + 1) + " buffers, but "
                + reuse.length + " were given");
        }
        int n = real.rows();
        int m = batch.size();
        int f = real.width();
        InEdges in = InEdges.of(batch, n);
        int[] offsets = in.offsets();
        int[] from = in.from();
        float[][] out = reuse;
        int size = Math.multiplyExact(m, f);
        for (int k = 0; k <= real.hops(); k++) {
            if (out[k] == null || out[k].length < size) {
                out[k] = new float[size];
            }
        }
        mixed(real.hop(0), batch, f, out[0]);
        for (int k = 1; k <= real.hops(); k++) {
            RowBlocks previousReal = real.hop(k - 1);
            float[] previous = out[k - 1];
            float[] next = out[k];
            RowParallel.run(m, CHUNK_ROWS, threads, "propagating synthetic hop rows", (first, last) -> {
                for (int s = first; s < last; s++) {
                    propagateRow(s, n, f, offsets, from, previousReal, previous, next, a, norm);
                }
            });
        }
        return out;
    }

    /**
     * The messages each synthetic node receives, laid out by receiver: those of s are {@code from[offsets[s]..
     * offsets[s+1])}, in edge order. A self-edge is dropped; d̂_s is the count plus one.
     */
    record InEdges(int[] offsets, int[] from) {

        /**
         * @param n the real nodes; synthetic node s is N + s
         * @throws IllegalArgumentException if an edge points into a real node or leaves the augmented graph
         */
        static InEdges of(SyntheticBatch batch, int n) {
            int m = batch.size();
            int[] sources = batch.edgeSources();
            int[] targets = batch.edgeTargets();
            // Two passes over the edges: count the messages each synthetic node receives, then lay them out by target.
            int[] offsets = new int[m + 1];
            for (int e = 0; e < sources.length; e++) {
                if (sources[e] == targets[e]) {
                    continue;
                }
                if (targets[e] < n) {
                    throw new IllegalArgumentException("synthetic edge " + sources[e] + " -> " + targets[e]
                        + " points into a real node: the sign backbone keeps real rows fixed, so synthetic edges must "
                        + "point into synthetic nodes (syntheticEdges: 'inbound')");
                }
                if (targets[e] >= n + m || sources[e] < 0 || sources[e] >= n + m) {
                    throw new IllegalArgumentException("synthetic edge " + sources[e] + " -> " + targets[e]
                        + " leaves the augmented graph of " + (n + m) + " nodes");
                }
                offsets[targets[e] - n + 1]++;
            }
            for (int s = 0; s < m; s++) {
                offsets[s + 1] += offsets[s];
            }
            int[] cursor = Arrays.copyOf(offsets, m);
            int[] from = new int[offsets[m]];
            for (int e = 0; e < sources.length; e++) {
                if (sources[e] != targets[e]) {
                    from[cursor[targets[e] - n]++] = sources[e];
                }
            }
            return new InEdges(offsets, from);
        }

        /** d̂_s of synthetic node s. */
        int degree(int s) {
            return offsets[s + 1] - offsets[s] + 1;
        }
    }

    /** Row s of hop k from hop k − 1: its own row over d̂_s, plus each sender's row by the normalisation's weight. */
    private static void propagateRow(int s, int n, int f, int[] offsets, int[] from, RowBlocks previousReal,
                                     float[] previous, float[] next, HopOperator a, GcnNormalization norm) {
        int degree = offsets[s + 1] - offsets[s] + 1;
        int at = s * f;
        float self = 1f / degree;
        for (int c = 0; c < f; c++) {
            next[at + c] = self * previous[at + c];
        }
        for (int i = offsets[s]; i < offsets[s + 1]; i++) {
            int u = from[i];
            float[] source;
            int sourceAt;
            int sourceDegree;
            if (u < n) {
                source = previousReal.block(u);
                sourceAt = previousReal.offset(u);
                sourceDegree = a.degreeWithSelfLoop(u);
            } else {
                source = previous;
                sourceAt = (u - n) * f;
                sourceDegree = offsets[u - n + 1] - offsets[u - n] + 1;
            }
            float weight = norm.weight(degree, sourceDegree);
            for (int c = 0; c < f; c++) {
                next[at + c] += weight * source[sourceAt + c];
            }
        }
    }

    /** H_0 of the synthetic rows into {@code out}: the batch's mixes of real feature rows, plus its corrections. */
    private static void mixed(RowBlocks x, SyntheticBatch batch, int f, float[] out) {
        int m = batch.size();
        for (int s = 0; s < m; s++) {
            int a = batch.anchors()[s];
            int b = batch.auxiliaries()[s];
            float delta = batch.deltas()[s];
            float[] xa = x.block(a);
            int atA = x.offset(a);
            if (a == b) {
                System.arraycopy(xa, atA, out, s * f, f);
                continue;
            }
            float[] xb = x.block(b);
            int atB = x.offset(b);
            for (int c = 0; c < f; c++) {
                out[s * f + c] = delta * xa[atA + c] + (1f - delta) * xb[atB + c];
            }
        }
        FeatureCorrection correction = batch.corrections();
        if (correction != null) {
            for (int i = 0; i < correction.size(); i++) {
                out[correction.rows()[i] * f + correction.features()[i]] += correction.values()[i];
            }
        }
    }
}
