package org.graphsha.nn;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Rows computed in fixed chunks by up to {@code threads} threads. Each row is computed whole by one thread, in the
 * caller's order within it, so the result does not depend on the thread count.
 */
final class RowParallel {

    /** Computes rows [from, to). */
    @FunctionalInterface
    interface Rows {
        void compute(int from, int to);
    }

    private RowParallel() {}

    /** @param what the work, for the error message of a failed or interrupted run */
    static void run(int rows, int chunkRows, int threads, String what, Rows body) {
        int chunks = (rows + chunkRows - 1) / chunkRows;
        AtomicInteger nextChunk = new AtomicInteger();
        Runnable worker = () -> {
            for (int c = nextChunk.getAndIncrement(); c < chunks; c = nextChunk.getAndIncrement()) {
                body.compute(c * chunkRows, Math.min(rows, (c + 1) * chunkRows));
            }
        };
        int workers = Math.min(threads, chunks);
        if (workers <= 1) {
            worker.run();
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < workers; t++) {
                running.add(pool.submit(worker));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + what, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
