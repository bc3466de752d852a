package org.graphsha.store.write;

import java.util.Locale;

/**
 * A batched write that stopped part-way. Every batch either committed completely or not at all, so
 * the message can say exactly how many nodes (or relationships) hold their write and that none is
 * half-written. The first failure's message is part of this one, and the failure itself is attached
 * as suppressed rather than as the cause: clients that show the root cause then show this message.
 */
public final class PartialWriteException extends RuntimeException {

    /** What the positions of a write are. */
    public enum Unit {
        NODES("nodes"), RELATIONSHIPS("relationships");

        private final String plural;

        Unit(String plural) {
            this.plural = plural;
        }
    }

    private final long committed;

    PartialWriteException(Unit unit, long committed, long total, BatchedWrite.Mode mode,
                          RuntimeException failure) {
        super(String.format(Locale.ROOT, "The batched write stopped after %d of %d %s were written completely, "
                + "in committed transactions of up to %d %s each (writeConcurrency %d); the others are unchanged and "
                + "none is half-written. Cause: %s", committed, total, unit.plural, mode.batchSize(), unit.plural,
            mode.concurrency(), describe(failure)));
        this.committed = committed;
        addSuppressed(failure);
    }

    private PartialWriteException(String message, long committed, PartialWriteException original) {
        super(message);
        this.committed = committed;
        for (Throwable suppressed : original.getSuppressed()) {
            addSuppressed(suppressed);
        }
    }

    /** Positions written completely before the write stopped. */
    public long committed() {
        return committed;
    }

    /** The same failure with a sentence added (what the caller did about it). */
    public PartialWriteException withNote(String note) {
        return new PartialWriteException(getMessage() + " " + note, committed, this);
    }

    private static String describe(Throwable failure) {
        String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message;
    }
}
