package org.graphsha.config;

import java.util.Map;

/**
 * How a call writes to the database (predict.write, synthetic.write, dataset.load). Batched (the
 * default): {@code writeBatchSize} nodes per transaction of their own, committed as it goes,
 * {@code writeConcurrency} transactions at a time, as GDS's write modes do; a failure part-way leaves
 * the committed batches and says how many nodes they hold. {@code atomic: true}: everything in the
 * caller's transaction, all or nothing, which holds every write in memory until the commit and so
 * suits small graphs only.
 */
public record WriteOptions(boolean atomic, int batchSize, int concurrency) {

    public static final int DEFAULT_BATCH_SIZE = 10_000;

    /**
     * Reads {@code writeBatchSize} and {@code atomic}; {@code writeConcurrency} has been read by the caller
     * (it is a job key, {@link JobOptions}).
     */
    public static WriteOptions read(ConfigReader r, Map<String, Object> effective, int writeConcurrency) {
        return read(r, effective, writeConcurrency, r.positiveInt("writeBatchSize", DEFAULT_BATCH_SIZE));
    }

    /** As above, with the batch size read already (dataset.load also takes its older key `batchSize`). */
    static WriteOptions read(ConfigReader r, Map<String, Object> effective, int writeConcurrency, int batchSize) {
        boolean atomic = r.bool("atomic", false);
        effective.put("writeConcurrency", (long) writeConcurrency);
        effective.put("writeBatchSize", (long) batchSize);
        effective.put("atomic", atomic);
        return new WriteOptions(atomic, batchSize, writeConcurrency);
    }

    /** The options of a call that never writes. */
    public static WriteOptions none(int writeConcurrency) {
        return new WriteOptions(false, DEFAULT_BATCH_SIZE, writeConcurrency);
    }
}
