package org.graphsha.store.write;

import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

import org.graphsha.store.write.PartialWriteException.Unit;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Transaction;
import org.neo4j.graphdb.TransientFailureException;
import org.neo4j.internal.kernel.api.security.SecurityContext;
import org.neo4j.kernel.api.KernelTransaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * Runs a write over positions 0..total-1 in one of two ways. Atomic: everything in the caller's
 * transaction, which commits or rolls back as a whole when the call ends. Batched: every
 * {@code batchSize} positions in a transaction of their own, committed at once, {@code concurrency}
 * of them at a time; a position's whole write (every property, every relationship it owns) happens
 * inside one batch, so a failure leaves each position either complete or untouched, and the
 * {@link PartialWriteException} says how many were committed.
 *
 * <p>Batch transactions run in the caller's security context: a call may write no more in them than
 * it may in its own transaction. Progress and termination checks run in the caller's thread between
 * batches.
 */
public final class BatchedWrite {

    /** How a write runs; {@code concurrency} is capped at the number of batches. */
    public record Mode(boolean atomic, int batchSize, int concurrency) {
        public Mode {
            if (batchSize < 1 || concurrency < 1) {
                throw new IllegalArgumentException("batchSize and concurrency must be positive");
            }
        }
    }

    /** Writes positions {@code from} (inclusive) to {@code to} in {@code tx}; returns what it wrote (properties, relationships). */
    @FunctionalInterface
    public interface Batch {
        long write(Transaction tx, int from, int to);
    }

    /** @param positions positions written completely; @param written the batches' own counts summed */
    public record Result(long positions, long written) {}

    /** Deadlocks between concurrent batches that link the same nodes are transient; a rolled-back batch is simply rerun. */
    private static final int ATTEMPTS = 5;


    private final Supplier<Transaction> begin;
    private final Transaction caller;

    private BatchedWrite(Supplier<Transaction> begin, Transaction caller) {
        this.begin = begin;
        this.caller = caller;
    }

    /** Writes for a procedure call: batches in the caller's security context, the atomic mode in {@code caller}. */
    public static BatchedWrite forCall(GraphDatabaseAPI db, SecurityContext security, Transaction caller) {
        return new BatchedWrite(() -> db.beginTransaction(KernelTransaction.Type.EXPLICIT, security), caller);
    }

    /** Writes for an embedded database the tools own: batches only, with the embedded API's full access. */
    public static BatchedWrite embedded(GraphDatabaseService db) {
        return new BatchedWrite(db::beginTx, null);
    }

    /**
     * Runs {@code batch} over every position.
     *
     * @param unit       what a position is, for the failure's message
     * @param afterBatch told the positions of each batch once it is committed (atomic: once it is written);
     *                   an exception thrown there (a terminated call) stops the write
     */
    public Result run(Mode mode, int total, Unit unit, Batch batch, LongConsumer afterBatch) {
        if (mode.atomic()) {
            return atomic(mode, total, batch, afterBatch);
        }
        int batches = (int) ((total + (long) mode.batchSize() - 1) / mode.batchSize());
        int threads = Math.max(1, Math.min(mode.concurrency(), batches));
        return threads == 1 ? sequential(mode, total, unit, batch, afterBatch)
            : parallel(mode, total, batches, threads, unit, batch, afterBatch);
    }

    /**
     * Repeats {@code step} until it reports 0 (e.g. a bounded DETACH DELETE): each step in a committed
     * transaction of its own, or all in the caller's for the atomic mode.
     *
     * @return the steps' counts summed
     */
    public long untilNone(Mode mode, ToLongFunction<Transaction> step) {
        long total = 0;
        long done;
        do {
            if (mode.atomic()) {
                done = step.applyAsLong(requireCaller());
            } else {
                try (Transaction tx = begin.get()) {
                    done = step.applyAsLong(tx);
                    tx.commit();
                }
            }
            total += done;
        } while (done > 0);
        return total;
    }

    /** A read in the caller's transaction where there is one, else in a transaction of its own. */
    public <T> T read(java.util.function.Function<Transaction, T> query) {
        if (caller != null) {
            return query.apply(caller);
        }
        try (Transaction tx = begin.get()) {
            return query.apply(tx);
        }
    }

    private Result atomic(Mode mode, int total, Batch batch, LongConsumer afterBatch) {
        Transaction tx = requireCaller();
        long written = 0;
        for (int from = 0; from < total; from += mode.batchSize()) {
            int to = Math.min(total, from + mode.batchSize());
            written += batch.write(tx, from, to);
            afterBatch.accept(to - from);
        }
        return new Result(total, written);
    }

    private Result sequential(Mode mode, int total, Unit unit, Batch batch, LongConsumer afterBatch) {
        long positions = 0;
        long written = 0;
        for (int from = 0; from < total; from += mode.batchSize()) {
            int to = Math.min(total, from + mode.batchSize());
            try {
                written += commit(batch, from, to);
                positions += to - from;
                afterBatch.accept(to - from);
            } catch (RuntimeException e) {
                throw new PartialWriteException(unit, positions, total, mode, e);
            }
        }
        return new Result(positions, written);
    }

    private Result parallel(Mode mode, int total, int batches, int threads, Unit unit, Batch batch,
                            LongConsumer afterBatch) {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger started = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, "graphsha-write-" + started.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        try {
            CompletionService<long[]> done = new ExecutorCompletionService<>(pool);
            for (int b = 0; b < batches; b++) {
                int from = b * mode.batchSize();
                int to = (int) Math.min(total, (long) from + mode.batchSize());
                // Batches not yet begun when another fails are skipped: null.
                done.submit(() -> stop.get() ? null : new long[] {to - from, commit(batch, from, to)});
            }
            long positions = 0;
            long written = 0;
            RuntimeException failure = null;
            for (int b = 0; b < batches; b++) {
                long[] result;
                try {
                    result = take(done);
                } catch (RuntimeException e) {
                    failure = first(failure, e);
                    stop.set(true);
                    continue;
                }
                if (result == null) {
                    continue;
                }
                positions += result[0];
                written += result[1];
                if (failure == null) {
                    try {
                        afterBatch.accept(result[0]);
                    } catch (RuntimeException e) {
                        failure = e;
                        stop.set(true);
                    }
                }
            }
            if (failure != null) {
                throw new PartialWriteException(unit, positions, total, mode, failure);
            }
            return new Result(positions, written);
        } finally {
            pool.shutdownNow();
        }
    }

    private static long[] take(CompletionService<long[]> done) {
        try {
            return done.take().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a write batch", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime
                : new IllegalStateException(e.getCause().getMessage(), e.getCause());
        }
    }

    private static RuntimeException first(RuntimeException failure, RuntimeException next) {
        if (failure == null) {
            return next;
        }
        failure.addSuppressed(next);
        return failure;
    }

    private long commit(Batch batch, int from, int to) {
        for (int attempt = 1; ; attempt++) {
            try (Transaction tx = begin.get()) {
                long written = batch.write(tx, from, to);
                tx.commit();
                return written;
            } catch (TransientFailureException e) {
                if (attempt == ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private Transaction requireCaller() {
        if (caller == null) {
            throw new IllegalStateException("an atomic write needs the caller's transaction");
        }
        return caller;
    }
}
