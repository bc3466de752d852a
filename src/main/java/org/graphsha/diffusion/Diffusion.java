package org.graphsha.diffusion;

import java.util.function.IntConsumer;
import java.util.function.LongConsumer;

import org.graphsha.graph.Csr;

/**
 * Computes the neighbour distribution S̃ of docs/algorithm.md §4.1 from a symmetric adjacency. Every
 * column is computed independently (S is symmetric, so column j is the diffusion from source j),
 * reduced to its retained entries, normalised, and finally transposed into rows. Only the
 * retained entries are ever held for all nodes; exact PPR additionally holds one N x N matrix.
 */
public final class Diffusion {

    private Diffusion() {}

    public static NeighbourDistribution compute(Csr graph, DiffusionOptions options) {
        return compute(graph, options, done -> { });
    }

    /**
     * @param progress receives increments of finished source columns (N in total); called from
     *                 worker threads, so it must be thread-safe. It may throw to cancel (e.g. a
     *                 termination check): the workers stop at their next chunk and the first
     *                 exception is rethrown here.
     */
    public static NeighbourDistribution compute(Csr graph, DiffusionOptions options, LongConsumer progress) {
        int n = graph.nodeCount();
        if (options.kind() == DiffusionKind.NONE) {
            NeighbourDistribution rows = oneHop(graph);
            progress.accept(n);
            return rows;
        }
        Transition walk = new Transition(graph, options.normalization());
        boolean exact = options.exactFor(n);
        ColumnStore store = new ColumnStore(n);
        int keep = options.kind() == DiffusionKind.PPR ? options.topK() : Integer.MAX_VALUE;
        double clip = options.kind() == DiffusionKind.HEAT ? options.heatClip() : 0;
        ColumnFactory columns = columnFactory(walk, options, exact);
        SourceLoop.run(n, options.concurrency(), () -> {
            ColumnComputer computer = columns.create();
            ColumnSelector selector = new ColumnSelector(keep, clip);
            return (IntConsumer) source -> {
                computer.column(source, selector);
                selector.finish(source, store);
            };
        }, progress);
        return store.transpose();
    }

    /** Row j holds j's neighbours with equal weights summing to 1: the "unweighted 1-hop" ablation. */
    static NeighbourDistribution oneHop(Csr graph) {
        int n = graph.nodeCount();
        int[] offsets = graph.offsets().clone();
        int[] columns = graph.neighbours().clone();
        float[] weights = new float[columns.length];
        for (int v = 0; v < n; v++) {
            float share = 1f / Math.max(1, graph.degree(v));
            for (int k = offsets[v]; k < offsets[v + 1]; k++) {
                weights[k] = share;
            }
        }
        return new NeighbourDistribution(n, offsets, columns, weights);
    }

    private interface ColumnComputer {
        void column(int source, ColumnSink sink);
    }

    private interface ColumnFactory {
        ColumnComputer create();
    }

    private static ColumnFactory columnFactory(Transition walk, DiffusionOptions options, boolean exact) {
        if (options.kind() == DiffusionKind.HEAT) {
            double drop = exact ? 0 : options.epsilon();
            return () -> new HeatSeries(walk, options.heatTime(), drop)::column;
        }
        if (exact) {
            DensePpr dense = new DensePpr(walk, options.alpha());
            return () -> dense.new ColumnSolver()::column;
        }
        return () -> new PprPush(walk, options.alpha(), options.epsilon())::column;
    }
}
