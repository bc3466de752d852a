package org.graphsha.diffusion;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import org.graphsha.data.KnownDataset;
import org.graphsha.graph.Csr;
import org.graphsha.graph.Dataset;
import org.graphsha.graph.EdgeList;
import org.graphsha.testing.SharedDatasets;

/**
 * Times the diffusion (not a test). Usage:
 * {@code java -cp target/classes:target/test-classes org.graphsha.diffusion.DiffusionBenchmark GRAPH [mode] [epsilon] [concurrency]}
 * with GRAPH = cora | citeseer | photo | computers | cs | random (169,343 nodes, 1.2M undirected
 * edges, uniform) | sbm (same size, 40 dense blocks); mode = auto | exact | scalable; an optional sixth argument
 * keeps only a random share of the rows (e.g. 0.08, products' training share), as GraphSHA keeps its training rows.
 * Prints time, retained entries, the bytes of the stored S̃ and the peak heap used during the run.
 */
public final class DiffusionBenchmark {

    public static void main(String[] args) throws Exception {
        String graphName = args.length > 0 ? args[0] : "cora";
        if (graphName.equals("compare")) {
            for (int i = 2; i < args.length; i++) {
                compare(args[1], Double.parseDouble(args[i]), Runtime.getRuntime().availableProcessors());
            }
            return;
        }
        DiffusionMode mode = args.length > 1 ? DiffusionMode.valueOf(args[1].toUpperCase(Locale.ROOT)) : DiffusionMode.AUTO;
        double epsilon = args.length > 2 ? Double.parseDouble(args[2]) : DiffusionOptions.DEFAULT_EPSILON;
        int concurrency = args.length > 3 ? Integer.parseInt(args[3]) : Runtime.getRuntime().availableProcessors();
        DiffusionKind kind = args.length > 4 ? DiffusionKind.valueOf(args[4].toUpperCase(Locale.ROOT)) : DiffusionKind.PPR;

        Csr graph = load(graphName);
        System.gc();
        resetPeaks();
        long before = usedHeap();
        DiffusionOptions options = DiffusionOptions.defaults().withKind(kind).withMode(mode).withEpsilon(epsilon)
            .withConcurrency(concurrency);
        AtomicLong done = new AtomicLong();
        long cpuStart = processCpuNanos();
        long start = System.nanoTime();
        double rowShare = args.length > 5 ? Double.parseDouble(args[5]) : 1.0;
        boolean[] kept = null;
        if (rowShare < 1) {
            kept = new boolean[graph.nodeCount()];
            SplittableRandom random = new SplittableRandom(42);
            for (int v = 0; v < kept.length; v++) {
                kept[v] = random.nextDouble() < rowShare;
            }
        }
        NeighbourDistribution rows = Diffusion.compute(graph, options, kept, done::addAndGet);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
        System.out.printf(Locale.ROOT,
            "graph=%s nodes=%d entries(directed)=%d kind=%s mode=%s exact=%b epsilon=%.0e concurrency=%d "
                + "rowShare=%.3f time=%.2fs cpu=%.2fs retained=%d bytes=%d progress=%d heapBefore=%dMiB peakHeap=%dMiB "
                + "maxHeap=%dMiB%n",
            graphName, graph.nodeCount(), graph.entryCount(), kind.value(), mode.value(),
            options.exactFor(graph.nodeCount()), epsilon, concurrency, rowShare, seconds, cpuSeconds, rows.entryCount(),
            rows.bytes(), done.get(),
            before >> 20, peakHeap() >> 20, Runtime.getRuntime().maxMemory() >> 20);
    }

    /** Compares scalable rows against exact ones: how many retained entries agree, and the largest weight gap. */
    static void compare(String name, double epsilon, int concurrency) {
        Csr graph = load(name);
        DiffusionOptions options = DiffusionOptions.defaults().withConcurrency(concurrency);
        NeighbourDistribution exact = Diffusion.compute(graph, options.withMode(DiffusionMode.EXACT));
        long start = System.nanoTime();
        NeighbourDistribution approx = Diffusion.compute(graph, options.withMode(DiffusionMode.SCALABLE).withEpsilon(epsilon));
        double seconds = (System.nanoTime() - start) / 1e9;
        long shared = 0;
        double maxGap = 0;
        for (int a = 0; a < graph.nodeCount(); a++) {
            for (int k = exact.rowStart(a); k < exact.rowEnd(a); k++) {
                float other = approx.weight(a, exact.column(k));
                if (other > 0) {
                    shared++;
                }
                maxGap = Math.max(maxGap, Math.abs(other - exact.weight(k)));
            }
        }
        System.out.printf(Locale.ROOT, "compare graph=%s epsilon=%.0e scalableTime=%.2fs exactEntries=%d scalableEntries=%d "
            + "shared=%.4f%% maxWeightGap=%.3e%n", name, epsilon, seconds, exact.entryCount(), approx.entryCount(),
            100.0 * shared / exact.entryCount(), maxGap);
    }

    static Csr load(String name) {
        switch (name) {
            case "random":
                return randomGraph(169_343, 1_200_000, 1, 42);
            case "sbm":
                return randomGraph(169_343, 1_200_000, 40, 42);
            case "cora":
            case "citeseer":
                return csr(KnownDataset.find(name).orElseThrow().readBundled(false));
            default:
                Path folder = SharedDatasets.root().resolve(name);
                if (!Files.isDirectory(folder)) {
                    throw new IllegalArgumentException("no dataset folder " + folder);
                }
                return csr(KnownDataset.readFolder(name, folder, false));
        }
    }

    private static Csr csr(Dataset dataset) {
        return Csr.undirected(dataset.nodeCount(), dataset.edges(), v -> true);
    }

    /**
     * {@code edges} distinct undirected edges without self loops; with {@code blocks} > 1, 90 % of
     * the edges join nodes of the same block (a crude community structure, closer to citation graphs).
     */
    static Csr randomGraph(int nodes, int edges, int blocks, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        HashSet<Long> seen = new HashSet<>(edges * 2);
        int[] s = new int[edges];
        int[] t = new int[edges];
        int blockSize = (nodes + blocks - 1) / blocks;
        int count = 0;
        while (count < edges) {
            int a = random.nextInt(nodes);
            int b;
            if (blocks > 1 && random.nextDouble() < 0.9) {
                int first = (a / blockSize) * blockSize;
                b = first + random.nextInt(Math.min(blockSize, nodes - first));
            } else {
                b = random.nextInt(nodes);
            }
            if (a == b) {
                continue;
            }
            long key = (long) Math.min(a, b) * nodes + Math.max(a, b);
            if (seen.add(key)) {
                s[count] = a;
                t[count] = b;
                count++;
            }
        }
        return Csr.undirected(nodes, new EdgeList(s, t), v -> true);
    }

    /** CPU time of the whole JVM (all threads): on a shared machine, wall time alone overstates the cost. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
