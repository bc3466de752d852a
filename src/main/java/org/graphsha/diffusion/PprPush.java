package org.graphsha.diffusion;

import org.graphsha.graph.Csr;

/**
 * Single-source personalised PageRank by forward push (one instance per thread; it owns O(N) work
 * arrays that are reset sparsely between sources). The column for source j is
 * π_j = α(I-(1-α)P')^{-1}e_j on the column-stochastic walk P'. Push stops when every residual r_u
 * is at most ε·deg'(u); by the symmetry π_u(v)/deg'(v) = π_v(u)/deg'(u) of undirected graphs the
 * estimate then under-shoots each π_j(v) by at most ε·deg'(v).
 */
public final class PprPush {

    private final Transition walk;
    private final double alpha;
    private final double epsilon;
    /** ε·max(1, deg'(v)): the residual a node may keep without being pushed. */
    private final double[] threshold;
    private final double[] estimate;
    private final double[] residual;
    private final boolean[] queued;
    private final int[] queue;
    private final SparseTouch touched;

    public PprPush(Csr graph, Normalization normalization, double alpha, double epsilon) {
        this(new Transition(graph, normalization), alpha, epsilon);
    }

    PprPush(Transition walk, double alpha, double epsilon) {
        this.walk = walk;
        this.alpha = alpha;
        this.epsilon = epsilon;
        int n = walk.nodeCount();
        threshold = new double[n];
        for (int v = 0; v < n; v++) {
            threshold[v] = epsilon * Math.max(1, walk.walkDegree[v]);
        }
        estimate = new double[n];
        residual = new double[n];
        queued = new boolean[n];
        queue = new int[n];
        touched = new SparseTouch(n);
    }

    /**
     * Runs the push from {@code source} and hands every reached node with its value, in the
     * operator's scale (symmetric: S[v][source]; random walk: π_source(v), comparable with GDS
     * personalised PageRank at damping 1-α), to {@code sink}.
     */
    public void column(int source, ColumnSink sink) {
        push(source);
        for (int i = 0; i < touched.count; i++) {
            int v = touched.nodes[i];
            if (estimate[v] > 0) {
                sink.accept(v, walk.toOperatorScale(estimate[v], v, source));
            }
        }
        touched.clear(estimate, residual);
    }

    /** Dense convenience for tests and cross-checks. */
    public double[] column(int source) {
        double[] dense = new double[walk.nodeCount()];
        column(source, (v, value) -> dense[v] = value);
        return dense;
    }

    private void push(int source) {
        int n = walk.nodeCount();
        int[] offsets = walk.graph.offsets();
        int[] neighbours = walk.graph.neighbours();
        boolean selfLoops = walk.selfLoops;
        // FIFO ring: a node is queued at most once, so n slots suffice
        int head = 0;
        int tail = 0;
        int size = 0;
        residual[source] = 1.0;
        touched.add(source);
        queue[tail] = source;
        tail = tail + 1 == n ? 0 : tail + 1;
        queued[source] = true;
        size = 1;
        while (size > 0) {
            int u = queue[head];
            head = head + 1 == n ? 0 : head + 1;
            size--;
            queued[u] = false;
            double r = residual[u];
            residual[u] = 0;
            estimate[u] += alpha * r;
            int degree = walk.walkDegree[u];
            if (degree == 0) {
                continue; // a node without edges keeps α of the mass; the rest leaves the walk, as in (I-(1-α)A·D^{-1})^{-1}
            }
            double share = (1 - alpha) * r / degree;
            if (selfLoops) {
                residual[u] = share;
                if (share > threshold[u]) {
                    queued[u] = true;
                    queue[tail] = u;
                    tail = tail + 1 == n ? 0 : tail + 1;
                    size++;
                }
            }
            for (int k = offsets[u]; k < offsets[u + 1]; k++) {
                int v = neighbours[k];
                touched.add(v);
                double updated = residual[v] + share;
                residual[v] = updated;
                if (!queued[v] && updated > threshold[v]) {
                    queued[v] = true;
                    queue[tail] = v;
                    tail = tail + 1 == n ? 0 : tail + 1;
                    size++;
                }
            }
        }
    }
}
