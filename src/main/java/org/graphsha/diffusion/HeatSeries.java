package org.graphsha.diffusion;

/**
 * Heat kernel columns exp(-t(I-H))·e_j = e^{-t}·Σ_k t^k/k!·H^k·e_j by the Taylor series, run on the
 * column-stochastic walk P' (whose L1 norm is at most 1) and rescaled to H at the end. The series
 * stops when the remaining tail e^{-t}·Σ_{m>k} t^m/m! is below the tolerance; in scalable mode
 * term entries below epsilon are dropped, which adds at most the dropped mass to the L1 error of
 * the walk-scale column. One instance per thread.
 */
final class HeatSeries {

    private static final double EXACT_TOLERANCE = 1e-15;

    private final Transition walk;
    private final double time;
    private final double drop;
    private final double tolerance;
    private double[] term;
    private double[] nextTerm;
    private final double[] sum;
    private SparseTouch termTouch;
    private SparseTouch nextTouch;
    private final SparseTouch sumTouch;

    /** @param drop entries of a series term below this are discarded (0 = exact) */
    HeatSeries(Transition walk, double time, double drop) {
        this.walk = walk;
        this.time = time;
        this.drop = drop;
        this.tolerance = drop == 0 ? EXACT_TOLERANCE : drop;
        int n = walk.nodeCount();
        term = new double[n];
        nextTerm = new double[n];
        sum = new double[n];
        termTouch = new SparseTouch(n);
        nextTouch = new SparseTouch(n);
        sumTouch = new SparseTouch(n);
    }

    void column(int source, ColumnSink sink) {
        double decay = Math.exp(-time);
        double termWeight = 1; // t^k/k!, carried by the term vector itself
        double tail = 1 - decay; // Σ_{m>k} e^{-t}·t^m/m!
        term[source] = 1;
        termTouch.add(source);
        for (int k = 0; ; k++) {
            for (int i = 0; i < termTouch.count; i++) {
                int v = termTouch.nodes[i];
                if (term[v] != 0) {
                    sumTouch.add(v);
                    sum[v] += decay * term[v];
                }
            }
            if (tail < tolerance || termTouch.count == 0) {
                break;
            }
            walk.scatter(term, termTouch.nodes, termTouch.count, time / (k + 1), nextTerm, nextTouch);
            termTouch.clear(term);
            if (drop > 0) {
                for (int i = 0; i < nextTouch.count; i++) {
                    int v = nextTouch.nodes[i];
                    if (nextTerm[v] < drop) {
                        nextTerm[v] = 0;
                    }
                }
            }
            double[] swap = term;
            term = nextTerm;
            nextTerm = swap;
            SparseTouch swapTouch = termTouch;
            termTouch = nextTouch;
            nextTouch = swapTouch;
            termWeight *= time / (k + 1);
            tail -= decay * termWeight;
        }
        termTouch.clear(term);
        for (int i = 0; i < sumTouch.count; i++) {
            int v = sumTouch.nodes[i];
            if (sum[v] > 0) {
                sink.accept(v, walk.toOperatorScale(sum[v], v, source));
            }
        }
        sumTouch.clear(sum);
    }
}
