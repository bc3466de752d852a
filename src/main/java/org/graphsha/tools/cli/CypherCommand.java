package org.graphsha.tools.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.graphsha.tools.bench.MemorySampler;
import org.graphsha.tools.bench.PeakMemory;

/**
 * {@code ./graphsha cypher 'QUERY'} or {@code ./graphsha cypher -f FILE.cypher}; with {@code --memory}
 * each statement is followed by its resident-set and heap figures (docs/benchmarks/production.md).
 */
final class CypherCommand implements Main.Command {

    @Override
    public int run(List<String> args, Main.Options options, PrintStream out) throws Exception {
        List<String> rest = new ArrayList<>(args);
        boolean memory = rest.remove("--memory");
        List<String> statements = statements(rest);
        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
            CypherRunner runner = new CypherRunner(neo4j.db(), out);
            for (String statement : statements) {
                if (!memory) {
                    runner.run(statement);
                    continue;
                }
                // The kernel's high-water mark is reset per statement, so the peak belongs to this statement alone
                // and misses no short spike between samples; the sampler only adds the heap's peak.
                // A full collection first, so that the live heap before the statement is known.
                System.gc();
                long liveBefore = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
                resetPeakRss();
                double before = PeakMemory.currentRssMb();
                MemorySampler.Peaks peaks;
                try (MemorySampler sampler = new MemorySampler(50); AfterGcPeak afterGc = new AfterGcPeak()) {
                    sampler.takeStagePeaks();
                    runner.run(statement);
                    peaks = sampler.takeStagePeaks();
                    double peak = PeakMemory.peakRssMb();
                    out.printf("memory: RSS before %.0f MiB, peak %.0f MiB (+%.0f MiB); live heap before %.0f MiB, "
                            + "peak heap after a GC %.0f MiB (+%.0f MiB, %d GCs); heap used peak %.0f MiB%n", before, peak,
                        peak - before, mb(liveBefore), mb(afterGc.peak()), mb(Math.max(0, afterGc.peak() - liveBefore)),
                        afterGc.count(), peaks.heapMb());
                }
            }
        }
        return 0;
    }

    private static double mb(long bytes) {
        return bytes / (1024.0 * 1024);
    }

    /**
     * The largest heap in use right after a collection while a statement runs: what the statement keeps
     * reachable (plus old garbage that a young collection leaves), unlike the sampled used heap, which
     * also counts garbage waiting for the next collection.
     */
    private static final class AfterGcPeak implements AutoCloseable, javax.management.NotificationListener {

        private final List<javax.management.NotificationEmitter> emitters = new ArrayList<>();
        private long peak;
        private int count;

        AfterGcPeak() {
            for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (gc instanceof javax.management.NotificationEmitter emitter) {
                    emitter.addNotificationListener(this, null, null);
                    emitters.add(emitter);
                }
            }
        }

        @Override
        public synchronized void handleNotification(javax.management.Notification notification, Object handback) {
            if (!com.sun.management.GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION
                .equals(notification.getType())) {
                return;
            }
            var info = com.sun.management.GarbageCollectionNotificationInfo.from(
                (javax.management.openmbean.CompositeData) notification.getUserData());
            long used = 0;
            for (var usage : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                if (isHeapPool(usage.getKey())) {
                    used += usage.getValue().getUsed();
                }
            }
            peak = Math.max(peak, used);
            count++;
        }

        private static boolean isHeapPool(String name) {
            for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getName().equals(name)) {
                    return pool.getType() == java.lang.management.MemoryType.HEAP;
                }
            }
            return false;
        }

        synchronized long peak() {
            return peak;
        }

        synchronized int count() {
            return count;
        }

        @Override
        public void close() {
            for (var emitter : emitters) {
                try {
                    emitter.removeNotificationListener(this);
                } catch (javax.management.ListenerNotFoundException e) {
                    // already gone
                }
            }
        }
    }

    /** Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0 and later). */
    private static void resetPeakRss() {
        try {
            Files.writeString(Path.of("/proc/self/clear_refs"), "5");
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("--memory needs Linux's /proc/self/clear_refs to reset the peak RSS: " + e, e);
        }
    }

    private static List<String> statements(List<String> args) throws IOException {
        if (args.size() >= 2 && args.get(0).equals("-f")) {
            List<String> statements = new ArrayList<>();
            for (String name : args.subList(1, args.size())) {
                Path file = Path.of(name);
                if (!Files.isRegularFile(file)) {
                    throw new Main.UsageException("no such file: " + file);
                }
                statements.addAll(CypherRunner.statements(Files.readString(file)));
            }
            return statements;
        }
        if (args.size() == 1 && !args.get(0).startsWith("-")) {
            return CypherRunner.statements(args.get(0));
        }
        throw new Main.UsageException("usage: ./graphsha cypher [--memory] 'QUERY' | ./graphsha cypher [--memory] -f "
            + "FILE.cypher [FILE.cypher ...]");
    }
}
