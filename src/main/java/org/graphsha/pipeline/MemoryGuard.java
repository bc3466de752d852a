package org.graphsha.pipeline;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import org.graphsha.training.MemoryEstimate;

/**
 * GDS's memory guard for graphsha calls, with PyTorch's native memory checked as well: a call is
 * refused before it reads the graph when its estimated heap exceeds the heap free now, or its
 * estimated native memory exceeds what the machine has left outside the heap, unless it says
 * {@code sudo: true}. The figures compared are those the call's {@code .estimate} yields
 * ({@code heapBytes}, {@code nativeBytesMax}).
 */
public final class MemoryGuard {

    /**
     * What is left when a call starts. Passed with the call rather than read inside the check, so that a
     * test can state a small machine without a JVM-wide setting.
     *
     * @param heap       heap the JVM can still hand out: its maximum less what is used now
     * @param heapGrowth heap the JVM has not committed yet but may: its maximum less the committed heap
     * @param machine    memory the machine can give the process without swapping (bytes)
     * @param caches     heap in use that graphsha's own caches hold (live scoring's models and rows): counted
     *                   in the heap in use, and named when the heap is short, since their settings free it
     */
    public record Available(long heap, long heapGrowth, long machine, long caches,
                            java.util.function.Supplier<Available> afterCollection) {

        public Available(long heap, long heapGrowth, long machine) {
            this(heap, heapGrowth, machine, 0);
        }

        public Available(long heap, long heapGrowth, long machine, long caches) {
            this(heap, heapGrowth, machine, caches, null);
        }

        /**
         * This JVM and machine now. The machine's figure is Linux's MemAvailable, which counts reclaimable page
         * cache as available (MemFree alone would refuse work on any server whose files have been read). In a
         * container /proc/meminfo shows the host, so where the JVM sees a smaller, cgroup-limited machine, its
         * container-aware free figure (limit less usage) caps it. Without /proc (macOS, Windows) the JVM's own
         * free figure stands.
         */
        public static Available now() {
            return now(0);
        }

        /**
         * As {@link #now()}, with what graphsha's caches hold of the heap in use. The heap in use counts garbage not
         * collected yet (a projection's, an earlier call's), so a heap found short is measured once more after asking
         * the JVM for a collection ({@link #afterCollection}); a JVM run with {@code -XX:+DisableExplicitGC} ignores
         * the request, and the first figure stands.
         */
        public static Available now(long caches) {
            Available measured = measure(caches);
            return new Available(measured.heap(), measured.heapGrowth(), measured.machine(), caches, () -> {
                System.gc();
                // Only the heap's free part is taken again: a collection may shrink the committed heap at once and
                // give the pages back to the system later, which would show as machine memory lost for a while.
                return new Available(measure(caches).heap(), measured.heapGrowth(), measured.machine(), caches);
            });
        }

        private static Available measure(long caches) {
            Runtime runtime = Runtime.getRuntime();
            long max = runtime.maxMemory();
            long committed = runtime.totalMemory();
            long used = committed - runtime.freeMemory();
            com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long memAvailable = meminfo("MemAvailable:");
            long memTotal = meminfo("MemTotal:");
            long machine;
            if (memAvailable < 0) {
                machine = os.getFreeMemorySize();
            } else if (memTotal > 0 && os.getTotalMemorySize() < memTotal) {
                machine = Math.min(memAvailable, os.getFreeMemorySize());
            } else {
                machine = memAvailable;
            }
            return new Available(max - used, Math.max(0, max - committed), machine, caches);
        }

        /** Machine memory that native allocations can take once the heap has grown to its maximum. */
        public long outsideHeap() {
            return Math.max(0, machine - heapGrowth);
        }

        private static long meminfo(String key) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                    if (line.startsWith(key)) {
                        return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]) * 1024;
                    }
                }
            } catch (IOException | RuntimeException e) {
                return -1;
            }
            return -1;
        }
    }

    private MemoryGuard() {}

    /**
     * @param procedure the call, as named in the message
     * @param advice    what in the call's configuration makes it smaller
     */
    public static void check(String procedure, MemoryEstimate estimate, boolean sudo, Available available,
                             String advice) {
        if (sudo) {
            return;
        }
        long heap = estimate.heapBytes();
        long nativeBytes = estimate.nativeMaxBytes();
        if (heap > available.heap() && available.afterCollection() != null) {
            available = available.afterCollection().get();
        }
        boolean heapShort = heap > available.heap();
        boolean nativeShort = nativeBytes > available.outsideHeap();
        if (!heapShort && !nativeShort) {
            return;
        }
        StringBuilder message = new StringBuilder("Memory required to run ").append(procedure).append(" (")
            .append(MemoryEstimate.human(heap)).append(" heap, ").append(MemoryEstimate.human(nativeBytes))
            .append(" native) exceeds available memory (").append(MemoryEstimate.human(available.heap()))
            .append(" heap, ").append(MemoryEstimate.human(available.outsideHeap())).append(" machine): ");
        message.append(heapShort && nativeShort ? "both parts are" : heapShort ? "the heap part is" : "the native part is")
            .append(" too large. 'machine' is the memory the machine has left outside the Java heap, once the heap "
                + "may grow to its maximum; PyTorch's tensors live there. ")
            .append(advice);
        if (heapShort) {
            message.append(", or give Neo4j a bigger heap (server.memory.heap.max_size)");
            if (available.caches() > 0) {
                message.append(", or smaller caches for graphsha.predict.nodes, which hold ")
                    .append(MemoryEstimate.human(available.caches())).append(" of the heap in use ")
                    .append("(dbms.graphsha.model_cache.max_size, dbms.graphsha.row_cache.max_size)");
            }
        }
        if (nativeShort) {
            message.append(", or free machine memory (a smaller maximum heap or page cache leaves more to PyTorch)");
        }
        message.append(". See ").append(procedure).append(".estimate for the parts; `sudo: true` skips this check.");
        throw new IllegalStateException(message.toString());
    }
}
