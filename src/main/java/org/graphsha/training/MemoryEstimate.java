package org.graphsha.training;

import java.util.LinkedHashMap;
import java.util.Map;

import org.graphsha.nn.Backbone;
import org.graphsha.nn.HopBackbone;
import org.graphsha.nn.HopRows;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.RowBlocks;

/**
 * A training run's memory, split into the Java heap (snapshot, neighbour distribution, optimizer
 * state) and PyTorch's native memory (tensors of one epoch). Upper bounds from array sizes; the
 * sparse-feature case is the lower end, dense features the upper end. Features take at most N·d floats on the heap:
 * readers keep them sparse only when under half the entries are non-zero ({@code SparseFeatures#compact}).
 */
public record MemoryEstimate(Map<String, Long> heap, Map<String, Long> nativeMinimum, Map<String, Long> nativeMaximum) {

    private static final long FLOAT = 4;
    private static final long INT = 4;
    private static final long LONG = 8;
    /**
     * Resident memory that loading libtorch and running its first operations adds to a process (code,
     * its thread pools' stacks, allocator caches), measured on Linux x86-64 CPU builds
     * (docs/benchmarks/production.md). A process that has trained before holds it already; the guard
     * counts it anyway, since it cannot tell which memory a later call will reuse.
     */
    static final long ENGINE_RUNTIME = 256L << 20;

    /**
     * Heap of S̃ at its peak: the kept entries (an int and a float each) twice while the columns turn into
     * rows, and per node a reference to each of its column's two arrays, a row offset and a held-row flag;
     * the dense solve adds an N x N matrix of doubles.
     *
     * @param diffusionEntries kept entries, {@code DiffusionOptions.retainedEntries} of the rows read (0 without S̃)
     */
    public static long neighbourDistributionBytes(long nodes, long diffusionEntries, boolean exactDiffusion) {
        if (diffusionEntries == 0 && !exactDiffusion) {
            return 0;
        }
        return diffusionEntries * (INT + FLOAT) * 2 + nodes * (2 * INT + INT + 1)
            + (exactDiffusion ? nodes * nodes * LONG : 0);
    }

    /**
     * @param edges      directed message edges (twice the undirected count)
     * @param synthetic  synthetic nodes per epoch (0 without GraphSHA)
     * @param diffusionEntries kept entries of the neighbour distribution (about K per row read for top-K PPR,
     *                         0 without)
     * @param exactDiffusion   whether the diffusion is solved densely (N² doubles while it runs)
     * @param edgeDecoder      whether GraphSmote's edge decoder scores synthetic nodes against candidate nodes
     * @param stepRealRows     the real rows a decoupled backbone's training step scores: the training nodes, or every
     *                         node where pseudo-labels may join them (a full-batch step scores every node anyway)
     */
    public static MemoryEstimate of(long nodes, long edges, int features, int classes, ModelSpec spec, long synthetic,
                                    long diffusionEntries, boolean exactDiffusion, boolean edgeDecoder,
                                    long stepRealRows) {
        Backbone backbone = spec.backbone();
        if (backbone instanceof HopBackbone hop) {
            return ofHops(nodes, edges, features, classes, hop, synthetic, diffusionEntries, exactDiffusion,
                Math.min(nodes, stepRealRows));
        }
        long n = nodes + synthetic;
        long h = spec.hidden();
        long parameters = (long) features * h + h * classes + 4 * h + 2L * classes;
        Map<String, Long> heap = new LinkedHashMap<>();
        heap.put("adjacency", (nodes + 1 + edges) * INT);
        // Features in the dense form, or sparse with under half the entries stored: at most N·d floats either way.
        heap.put("features", nodes * features * FLOAT);
        heap.put("neighbourDistribution", neighbourDistributionBytes(nodes, diffusionEntries, exactDiffusion));
        heap.put("parametersAndAdam", parameters * FLOAT * 4);
        // Logits of the augmented graph (previous, current and their softmax), synthetic nodes included.
        heap.put("logits", n * classes * FLOAT * 3);
        // The augmented edge list is built in Java before it becomes tensors: two int endpoints, a float weight and
        // two long indices per edge, in builders that may hold twice their size while they grow.
        long augmentedEdges = edges + (nodes == 0 ? 0 : synthetic * Math.max(1, edges / nodes)) + n;
        heap.put("augmentedEdges", synthetic == 0 ? 0 : 2 * augmentedEdges * (2 * INT + FLOAT + 2 * LONG));
        // Sparse features are laid out densely once for the engine; the dense form is handed over as it is.
        heap.put("denseFeatureCopy", nodes * features * FLOAT);
        // X·W of layer 1 kept from the eval forward for the next step (CPU), as wide as the backbone projects.
        heap.put("layerOneProjection", nodes * backbone.projectionWidth() * FLOAT);
        // The decoder scores each synthetic node's candidates (the neighbours of the two nodes it mixes): at most
        // M x N pairs, as a tensor and once more as a Java array. M x (N + M) keeps the earlier, looser bound.
        long decoderScores = edgeDecoder ? synthetic * (nodes + synthetic) * FLOAT : 0;
        heap.put("edgeDecoderScores", decoderScores);
        // The reconstruction error is scored in Java: edge keys and both endpoints kept for the run; per epoch
        // every edge plus as many non-edges (two endpoints and a target each), and H, H·W and their gradients.
        heap.put("edgeReconstruction", edgeDecoder
            ? edges * (LONG + 2 * INT) + 2 * edges * (2 * INT + FLOAT) + 4 * nodes * h * FLOAT : 0);

        // Synthetic nodes take in-edges from their anchor's neighbours (all of them in the warm-up): about the mean
        // degree each.
        long syntheticEdges = nodes == 0 ? 0 : synthetic * Math.max(1, edges / nodes);
        long edgeTensors = (edges + syntheticEdges + n) * (2 * LONG + FLOAT);
        long attention = (edges + syntheticEdges + n) * backbone.bytesPerEdge(true);
        // Per hidden row: the sparse product, bias, ReLU, dropout mask and output in the forward, a gradient of each
        // in the backward, and the freed-but-resident blocks of glibc's arenas between the two: 14 rows of width h
        // measured at the arXiv-size warm-up peak (docs/benchmarks/production.md), and likewise 8 per class row.
        long activations = n * h * FLOAT * 14 + n * classes * FLOAT * 8;
        Map<String, Long> nativeMin = new LinkedHashMap<>();
        long dense = nodes * features * FLOAT;
        // Bag-of-words rows are mostly zeros: at 10 % density a COO copy (two indices and a value per entry) is smaller.
        nativeMin.put("features", Math.min(dense, nodes * (features / 10) * (2 * LONG + FLOAT)));
        nativeMin.put("edges", edgeTensors + attention);
        nativeMin.put("activations", activations);
        nativeMin.put("parameters", parameters * FLOAT * 3);
        nativeMin.put("edgeDecoderScores", decoderScores);
        nativeMin.put("engineRuntime", ENGINE_RUNTIME);
        Map<String, Long> nativeMax = new LinkedHashMap<>(nativeMin);
        nativeMax.put("features", dense);
        return new MemoryEstimate(heap, nativeMin, nativeMax);
    }

    /**
     * A run of a decoupled backbone (docs/algorithm.md §10.10): the hop features H_0..H_K on the heap, which dominate,
     * and on the engine one batch of rows at a time, whatever the graph's size. Every product is a long: 10M nodes x
     * 256 features x 3 hops is 3·10^10 bytes.
     */
    private static MemoryEstimate ofHops(long nodes, long edges, int features, int classes, HopBackbone model,
                                         long synthetic, long diffusionEntries, boolean exactDiffusion,
                                         long stepRealRows) {
        long hops = model.hops() + 1L;
        long h = model.spec().hidden();
        long width = model.hiddenWidth();
        long batch = Math.min(HopRows.DEFAULT_BATCH_ROWS, nodes + synthetic);
        long parameters = hops * ((long) features * h + h) + width * classes + classes;
        Map<String, Long> heap = new LinkedHashMap<>();
        heap.put("adjacency", (nodes + 1 + edges) * INT);
        // The dense form is H_0 itself; sparse features (under half the entries stored) are at most N·d floats more.
        heap.put("featuresBesideH0UpTo", nodes * features * FLOAT);
        // Â: offsets, then a column and a value per edge and per self-loop.
        heap.put("hopOperator", (nodes + 1) * INT + (edges + nodes) * (INT + FLOAT));
        heap.put("hopFeatures", hops * RowBlocks.bytes(nodes, features));
        heap.put("syntheticHopRows", hops * RowBlocks.bytes(synthetic, features));
        heap.put("neighbourDistribution", neighbourDistributionBytes(nodes, diffusionEntries, exactDiffusion));
        heap.put("parametersAndAdam", parameters * FLOAT * 4);
        // Eval logits, the synthesizer's copy and their softmax; each of the step's rows (training, pseudo-labelled,
        // synthetic) has a logit row and a dropout-mask row.
        long stepRows = stepRealRows + synthetic;
        heap.put("logits", (nodes + synthetic) * classes * FLOAT * 3);
        heap.put("dropoutMask", stepRows * width * FLOAT);
        heap.put("batchStaging", batch * features * FLOAT);
        Map<String, Long> nativeMin = new LinkedHashMap<>();
        nativeMin.put("batchInputs", batch * hops * features * FLOAT);
        // Per batch row: the hop products, bias, ReLU, mask and their gradients; the logits and theirs.
        nativeMin.put("batchActivations", batch * width * FLOAT * 8 + batch * classes * FLOAT * 8);
        nativeMin.put("stepLogits", stepRows * classes * FLOAT * 2);
        nativeMin.put("parameters", parameters * FLOAT * 3);
        nativeMin.put("engineRuntime", ENGINE_RUNTIME);
        return new MemoryEstimate(heap, nativeMin, new LinkedHashMap<>(nativeMin));
    }

    /**
     * One eval forward of a stored model ({@code graphsha.predict.*}): the snapshot, the logits and
     * their probabilities on the heap; features, edges, two layers of activations and the parameters
     * in native memory. What a mode keeps of the result is added with {@link #withHeap}.
     *
     * @param edges directed message edges (twice the undirected count)
     */
    public static MemoryEstimate ofPrediction(long nodes, long edges, int features, int classes, ModelSpec spec) {
        if (spec.backbone() instanceof HopBackbone hop) {
            MemoryEstimate run = ofHops(nodes, edges, features, classes, hop, 0, 0, false, 0);
            Map<String, Long> heap = new LinkedHashMap<>(run.heap());
            heap.remove("dropoutMask");
            heap.put("predictions", nodes * classes * (FLOAT + LONG) + nodes * (16 + LONG + LONG));
            Map<String, Long> nativeMin = new LinkedHashMap<>(run.nativeMinimum());
            nativeMin.remove("stepLogits");
            return new MemoryEstimate(heap, nativeMin, new LinkedHashMap<>(nativeMin));
        }
        long h = spec.hidden();
        long parameters = (long) features * h + h * classes + 4 * h + 2L * classes;
        Map<String, Long> heap = new LinkedHashMap<>();
        heap.put("adjacency", (nodes + 1 + edges) * INT);
        // Reading the projection de-duplicates undirected pairs in a hash set: about 64 bytes per pair.
        heap.put("edgeDeduplication", edges / 2 * 64);
        heap.put("features", nodes * features * FLOAT);
        heap.put("parameters", parameters * FLOAT);
        // logits (float), probabilities (double rows with their array headers), node ids and predicted classes
        heap.put("predictions", nodes * classes * (FLOAT + LONG) + nodes * (16 + LONG + LONG));
        Map<String, Long> nativeMin = new LinkedHashMap<>();
        long dense = nodes * features * FLOAT;
        nativeMin.put("features", Math.min(dense, nodes * (features / 10) * (2 * LONG + FLOAT)));
        nativeMin.put("edges", (edges + nodes) * (2 * LONG + FLOAT)
            + (edges + nodes) * spec.backbone().bytesPerEdge(false));
        // Two layers' products, biases and outputs, resident together in glibc's arenas: 6 rows of width h and 3
        // per class, measured on the arXiv-size graph (docs/benchmarks/production.md).
        nativeMin.put("activations", nodes * h * FLOAT * 6 + nodes * classes * FLOAT * 3);
        nativeMin.put("parameters", parameters * FLOAT);
        nativeMin.put("engineRuntime", ENGINE_RUNTIME);
        Map<String, Long> nativeMax = new LinkedHashMap<>(nativeMin);
        nativeMax.put("features", dense);
        return new MemoryEstimate(heap, nativeMin, nativeMax);
    }

    /** This estimate with one more heap part. */
    public MemoryEstimate withHeap(String part, long bytes) {
        Map<String, Long> more = new LinkedHashMap<>(heap);
        more.put(part, bytes);
        return new MemoryEstimate(more, nativeMinimum, nativeMaximum);
    }

    public long heapBytes() {
        return sum(heap);
    }

    public long nativeMinBytes() {
        return sum(nativeMinimum);
    }

    public long nativeMaxBytes() {
        return sum(nativeMaximum);
    }

    /** Bytes as GDS writes them in its estimates and guard messages: B, KiB, MiB, GiB, TiB, one decimal. */
    public static String human(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(java.util.Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    private static long sum(Map<String, Long> parts) {
        return parts.values().stream().mapToLong(Long::longValue).sum();
    }
}
