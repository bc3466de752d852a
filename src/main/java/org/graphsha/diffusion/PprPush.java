package org.graphsha.diffusion;

import org.graphsha.graph.Csr;

/**
 * Single-source personalised PageRank by forward push (one instance per thread; it owns O(N) work
 * arrays that are reset sparsely between sources). The column for source j is
 * π_j = α(I-(1-α)P')^{-1}e_j on the column-stochastic walk P'. Push stops when every residual r_u
 * is at most ε·deg'(u); by the symmetry π_u(v)/deg'(v) = π_v(u)/deg'(u) of undirected graphs the
 * estimate then under-shoots each π_j(v) by at most ε·deg'(v).
 *
 * <p>The push is bound by random memory access on large graphs, so each node's residual and push
 * threshold share one 16-byte cell (one cache miss per edge instead of two) and the touched/queued
 * flags live in a byte array small enough to stay in cache.
 */
public final class PprPush {

    private static final byte TOUCHED = 1;
    private static final byte QUEUED = 2;

    private final Transition walk;
    private final double alpha;
    /** cell[2v] = residual of v, cell[2v+1] = ε·max(1, deg'(v)), the residual v may keep unpushed. */
    private final double[] cell;
    private final double[] estimate;
    private final byte[] state;
    private final int[] queue;
    private final int[] touched;
    private int touchedCount;

    public PprPush(Csr graph, Normalization normalization, double alpha, double epsilon) {
        this(new Transition(graph, normalization), alpha, epsilon);
    }

    PprPush(Transition walk, double alpha, double epsilon) {
        this.walk = walk;
        this.alpha = alpha;
        int n = walk.nodeCount();
        cell = new double[2 * n];
        for (int v = 0; v < n; v++) {
            cell[2 * v + 1] = epsilon * Math.max(1, walk.walkDegree[v]);
        }
        estimate = new double[n];
        state = new byte[n];
        queue = new int[n];
        touched = new int[n];
    }

    /**
     * Runs the push from {@code source} and hands every reached node with its value, in the
     * operator's scale (symmetric: S[v][source]; random walk: π_source(v), comparable with GDS
     * personalised PageRank at damping 1-α), to {@code sink}.
     */
    public void column(int source, ColumnSink sink) {
        push(source);
        for (int i = 0; i < touchedCount; i++) {
            int v = touched[i];
            if (estimate[v] > 0) {
                sink.accept(v, walk.toOperatorScale(estimate[v], v, source));
            }
            estimate[v] = 0;
            cell[2 * v] = 0;
            state[v] = 0;
        }
        touchedCount = 0;
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
        int[] walkDegree = walk.walkDegree;
        boolean selfLoops = walk.selfLoops;
        // FIFO ring: a node is queued at most once, so n slots suffice
        int head = 0;
        int tail = 0;
        int size = 0;
        cell[2 * source] = 1.0;
        state[source] = TOUCHED | QUEUED;
        touched[touchedCount++] = source;
        queue[tail] = source;
        tail = tail + 1 == n ? 0 : tail + 1;
        size = 1;
        while (size > 0) {
            int u = queue[head];
            head = head + 1 == n ? 0 : head + 1;
            size--;
            state[u] = TOUCHED;
            double r = cell[2 * u];
            cell[2 * u] = 0;
            estimate[u] += alpha * r;
            int degree = walkDegree[u];
            if (degree == 0) {
                continue; // a node without edges keeps α of the mass; the rest leaves the walk, as in (I-(1-α)A·D^{-1})^{-1}
            }
            double share = (1 - alpha) * r / degree;
            if (selfLoops) {
                cell[2 * u] = share;
                if (share > cell[2 * u + 1]) {
                    state[u] = TOUCHED | QUEUED;
                    queue[tail] = u;
                    tail = tail + 1 == n ? 0 : tail + 1;
                    size++;
                }
            }
            for (int k = offsets[u]; k < offsets[u + 1]; k++) {
                int v = neighbours[k];
                int at = 2 * v;
                double updated = cell[at] + share;
                cell[at] = updated;
                byte flags = state[v];
                if (flags == 0) {
                    touched[touchedCount++] = v;
                    flags = TOUCHED;
                    state[v] = flags;
                }
                if (flags == TOUCHED && updated > cell[at + 1]) {
                    state[v] = TOUCHED | QUEUED;
                    queue[tail] = v;
                    tail = tail + 1 == n ? 0 : tail + 1;
                    size++;
                }
            }
        }
    }
}
