package org.graphsha.diffusion;

import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * Settings of the neighbour distribution S̃ (docs/algorithm.md §4.1). Defaults reproduce the reference
 * code: PPR, alpha 0.05, top 128 per column, symmetric normalisation with self loops.
 *
 * @param kind           PPR, heat kernel or plain neighbours
 * @param normalization  symmetric with self loops (default) or random walk
 * @param mode           exact dense, scalable per-source, or chosen by size
 * @param alpha          PPR teleport probability
 * @param topK           entries kept per PPR column
 * @param heatTime       heat kernel time t
 * @param heatClip       heat kernel entries below this are dropped before column normalisation
 * @param epsilon        scalable-mode tolerance: PPR push stops when every residual r_u is below
 *                       epsilon·deg'(u), which bounds each PPR entry's error by
 *                       epsilon·sqrt(deg'(v)·deg'(j)) (symmetric) or epsilon·deg(v) (random walk);
 *                       heat series terms below epsilon are dropped
 * @param exactNodeLimit largest graph AUTO solves densely (N² doubles of memory)
 * @param concurrency    worker threads for the per-source columns
 */
@RecordBuilder
public record DiffusionOptions(
    DiffusionKind kind,
    Normalization normalization,
    DiffusionMode mode,
    DiffusionSources sources,
    double alpha,
    int topK,
    double heatTime,
    double heatClip,
    double epsilon,
    int exactNodeLimit,
    int concurrency
) implements DiffusionOptionsBuilder.With {
    public static final double DEFAULT_ALPHA = 0.05;
    public static final int DEFAULT_TOP_K = 128;
    public static final double DEFAULT_HEAT_TIME = 5.0;
    public static final double DEFAULT_HEAT_CLIP = 1e-4;
    public static final double DEFAULT_EPSILON = 1e-5;
    public static final int DEFAULT_EXACT_NODE_LIMIT = 4_000;

    public DiffusionOptions {
        if (kind == null || normalization == null || mode == null || sources == null) {
            throw new IllegalArgumentException("diffusion kind, normalization, mode and sources must be given");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must lie strictly between 0 and 1, but was `" + alpha
                + "`; the reference uses 0.05");
        }
        if (topK < 1) {
            throw new IllegalArgumentException("topK must be at least 1, but was `" + topK + "`; the reference uses 128");
        }
        if (!(heatTime > 0) || Double.isInfinite(heatTime)) {
            throw new IllegalArgumentException("heatTime must be a positive finite number, but was `" + heatTime + "`");
        }
        if (!(heatClip >= 0 && heatClip < 1)) {
            throw new IllegalArgumentException("heatClip must lie in [0, 1), but was `" + heatClip + "`");
        }
        if (!(epsilon > 0 && epsilon < 1)) {
            throw new IllegalArgumentException("epsilon must lie strictly between 0 and 1, but was `" + epsilon
                + "`; the default is 1e-5");
        }
        if (exactNodeLimit < 0) {
            throw new IllegalArgumentException("exactNodeLimit must not be negative, but was `" + exactNodeLimit + "`");
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, but was `" + concurrency + "`");
        }
    }

    public static DiffusionOptions defaults() {
        return new DiffusionOptions(DiffusionKind.PPR, Normalization.SYMMETRIC, DiffusionMode.AUTO, DiffusionSources.ALL,
            DEFAULT_ALPHA,
            DEFAULT_TOP_K, DEFAULT_HEAT_TIME, DEFAULT_HEAT_CLIP, DEFAULT_EPSILON, DEFAULT_EXACT_NODE_LIMIT,
            Math.max(1, Runtime.getRuntime().availableProcessors()));
    }

    /**
     * Entries of S̃ held when {@code rows} of {@code nodeCount} rows are kept, for memory estimates. The
     * N·K retained PPR entries average K per row, so kept rows hold about K each; heat-kernel columns keep
     * about one entry per edge end and node, spread the same way. The 1-hop ablation keeps every row.
     *
     * @param edges directed edges (both directions of each pair)
     */
    public long retainedEntries(long nodeCount, long edges, long rows) {
        return switch (kind) {
            case PPR -> Math.min(rows, nodeCount) * topK;
            case HEAT -> nodeCount == 0 ? 0 : (long) Math.ceil((double) (edges + nodeCount) * Math.min(rows, nodeCount)
                / nodeCount);
            case NONE -> edges + nodeCount;
        };
    }

    /** Whether a graph of {@code nodeCount} nodes is solved densely under these options. */
    public boolean exactFor(int nodeCount) {
        return mode == DiffusionMode.EXACT || (mode == DiffusionMode.AUTO && nodeCount <= exactNodeLimit);
    }
}
