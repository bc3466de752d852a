package org.graphsha.diffusion;

import java.util.function.IntConsumer;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;

import org.graphsha.graph.Csr;

/**
 * Computes the neighbour distribution S̃ of docs/algorithm.md §4.1 from a symmetric adjacency. Every
 * column is computed independently (S is symmetric, so column j is the diffusion from source j),
 * reduced to its retained entries, normalised, and finally transposed into rows. Only the
 * retained entries are ever held for all nodes; exact PPR additionally holds one N x N matrix.
 *
 * <p>Row a of S̃ gathers entry a of every column whose top K include a, and each column's top K and
 * normalising sum depend on the whole column, so a row cannot be computed from fewer sources than
 * the columns that reach it. What a caller can restrict is which rows are kept: with a row set,
 * every column is still computed and normalised exactly as without one, and only its entries in
 * the kept rows are stored, which makes the stored S̃ about K entries per kept row instead of K·N. With
 * {@link DiffusionSources#ANCHORS} a kept row is instead its own node's column, so only those are computed: a
 * different distribution (docs/algorithm.md §4.1) at the cost of one column per kept row.
 */
public final class Diffusion {

    private Diffusion() {}

    public static NeighbourDistribution compute(Csr graph, DiffusionOptions options) {
        return compute(graph, options, done -> { });
    }

    /**
     * @param progress receives increments of finished source columns ({@link #columns} in total); called from
     *                 worker threads, so it must be thread-safe. It may throw to cancel (e.g. a
     *                 termination check): the workers stop at their next chunk and the first
     *                 exception is rethrown here.
     */
    public static NeighbourDistribution compute(Csr graph, DiffusionOptions options, LongConsumer progress) {
        return compute(graph, options, null, progress);
    }

    /**
     * S̃ holding only the rows in {@code keptRows}; each of them equals the same row of the full S̃
     * bit for bit. Reading another row fails ({@link NeighbourDistribution#holdsRow}).
     *
     * @param keptRows one flag per node, or null for every row
     */
    public static NeighbourDistribution compute(Csr graph, DiffusionOptions options, boolean[] keptRows,
                                                LongConsumer progress) {
        int n = graph.nodeCount();
        if (keptRows != null && keptRows.length != n) {
            throw new IllegalArgumentException("the kept rows must hold one flag per node (" + n + "), but hold "
                + keptRows.length);
        }
        if (options.kind() == DiffusionKind.NONE) {
            // Rows of the 1-hop ablation are the adjacency's own: O(E) to build, nothing to save by dropping some.
            NeighbourDistribution rows = oneHop(graph);
            progress.accept(n);
            return rows;
        }
        Transition walk = new Transition(graph, options.normalization());
        boolean exact = options.exactFor(n);
        int keep = options.kind() == DiffusionKind.PPR ? options.topK() : Integer.MAX_VALUE;
        double clip = options.kind() == DiffusionKind.HEAT ? options.heatClip() : 0;
        ColumnFactory columns = columnFactory(walk, options, exact);
        if (options.sources() == DiffusionSources.ANCHORS) {
            return ownColumns(n, keptRows, options.concurrency(), columns, keep, clip, progress);
        }
        ColumnStore store = new ColumnStore(n, keptRows);
        SourceLoop.run(n, options.concurrency(), () -> {
            ColumnComputer computer = columns.create();
            ColumnSelector selector = new ColumnSelector(keep, clip, keptRows);
            return (IntConsumer) source -> {
                computer.column(source, selector);
                selector.finish(source, store);
            };
        }, progress);
        return store.transpose();
    }

    /**
     * {@link DiffusionSources#ANCHORS}: each kept row is its own node's column, cut and normalised, so only those
     * columns are computed, and progress counts them.
     */
    private static NeighbourDistribution ownColumns(int n, boolean[] keptRows, int concurrency, ColumnFactory columns,
                                                    int keep, double clip, LongConsumer progress) {
        int[] sources = keptRows == null ? null : IntStream.range(0, n).filter(v -> keptRows[v]).toArray();
        int count = sources == null ? n : sources.length;
        ColumnStore store = new ColumnStore(n, null);
        SourceLoop.run(count, concurrency, () -> {
            ColumnComputer computer = columns.create();
            ColumnSelector selector = new ColumnSelector(keep, clip, null);
            return (IntConsumer) i -> {
                int source = sources == null ? i : sources[i];
                computer.column(source, selector);
                selector.finish(source, store);
            };
        }, progress);
        return store.asRows(keptRows);
    }

    /**
     * Seconds per source column of the push path on this graph, timed over {@code sources} on one thread: a time
     * estimate scales it by the {@link #columns} a call computes.
     */
    public static double secondsPerColumn(Csr graph, DiffusionOptions options, int[] sources) {
        ColumnComputer computer = columnFactory(new Transition(graph, options.normalization()), options, false).create();
        long start = System.nanoTime();
        for (int source : sources) {
            computer.column(source, (node, value) -> { });
        }
        return (System.nanoTime() - start) / 1e9 / Math.max(1, sources.length);
    }

    /** What {@link #compute}'s progress counts to: one per column computed (every node's, or the kept rows'). */
    public static long columns(int nodeCount, DiffusionOptions options, boolean[] keptRows) {
        if (options.kind() == DiffusionKind.NONE || options.sources() == DiffusionSources.ALL || keptRows == null) {
            return nodeCount;
        }
        long kept = 0;
        for (boolean row : keptRows) {
            kept += row ? 1 : 0;
        }
        return kept;
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
