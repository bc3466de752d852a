package org.graphsha.diffusion;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Runs one computation per source node on a fixed number of plain threads. Sources are handed out
 * in small chunks from a shared counter, which balances uneven per-source costs without a pool;
 * each thread builds its own worker so work arrays are never shared.
 */
final class SourceLoop {

    /** Sources per hand-out; equal to the dense solver's block so one block never spans two threads. */
    private static final int CHUNK = DensePpr.BLOCK;

    private SourceLoop() {}

    /**
     * @param progress receives the number of sources finished since its previous call; it is called
     *                 from the worker threads and must be thread-safe
     */
    static void run(int sourceCount, int concurrency, Supplier<IntConsumer> workerFactory, LongConsumer progress) {
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable body = () -> {
            try {
                IntConsumer worker = workerFactory.get();
                while (failure.get() == null) {
                    int start = next.getAndAdd(CHUNK);
                    if (start >= sourceCount) {
                        return;
                    }
                    int end = Math.min(sourceCount, start + CHUNK);
                    for (int source = start; source < end; source++) {
                        worker.accept(source);
                    }
                    progress.accept(end - start);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        };
        int threads = Math.max(1, Math.min(concurrency, (sourceCount + CHUNK - 1) / CHUNK));
        if (threads == 1) {
            body.run();
        } else {
            List<Thread> started = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Thread thread = new Thread(body, "graphsha-diffusion-" + i);
                thread.setDaemon(true);
                thread.start();
                started.add(thread);
            }
            for (Thread thread : started) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure.compareAndSet(null, e);
                }
            }
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (t instanceof Error error) {
            throw error;
        }
        if (t != null) {
            throw new IllegalStateException("diffusion was interrupted", t);
        }
    }
}
