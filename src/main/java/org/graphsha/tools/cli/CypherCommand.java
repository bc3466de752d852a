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
                resetPeakRss();
                double before = PeakMemory.currentRssMb();
                long heapBefore = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
                MemorySampler.Peaks peaks;
                try (MemorySampler sampler = new MemorySampler(50)) {
                    sampler.takeStagePeaks();
                    runner.run(statement);
                    peaks = sampler.takeStagePeaks();
                }
                double peak = PeakMemory.peakRssMb();
                out.printf("memory: RSS before %.0f MiB, peak %.0f MiB (+%.0f MiB); heap used before %.0f MiB, "
                        + "peak %.0f MiB (sampled every 50 ms)%n", before, peak, peak - before,
                    heapBefore / (1024.0 * 1024), peaks.heapMb());
            }
        }
        return 0;
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
