package org.graphsha.tools.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Samples the used Java heap and the resident set (RSS: heap, page cache, PyTorch's native memory)
 * every {@code intervalMillis}, so that each stage of a long benchmark reports its own peaks.
 * The process-wide RSS peak comes from the kernel ({@link PeakMemory#peakRssMb()}) and misses nothing.
 */
public final class MemorySampler implements AutoCloseable {

    /** Peaks in MiB since the last {@link #takeStagePeaks()}. */
    public record Peaks(double heapMb, double rssMb) {}

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final Thread thread;
    private volatile boolean running = true;
    private double stageHeap;
    private double stageRss;
    private double overallHeap;

    public MemorySampler(long intervalMillis) {
        thread = new Thread(() -> {
            while (running) {
                sample();
                try {
                    Thread.sleep(intervalMillis);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "graphsha-memory-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    private synchronized void sample() {
        double heap = memory.getHeapMemoryUsage().getUsed() / (1024.0 * 1024);
        double rss = PeakMemory.currentRssMb();
        stageHeap = Math.max(stageHeap, heap);
        stageRss = Math.max(stageRss, rss);
        overallHeap = Math.max(overallHeap, heap);
    }

    /** The peaks since the previous call, and starts a new stage. */
    public synchronized Peaks takeStagePeaks() {
        sample();
        Peaks peaks = new Peaks(stageHeap, stageRss);
        stageHeap = 0;
        stageRss = 0;
        return peaks;
    }

    public synchronized double overallHeapMb() {
        return overallHeap;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
