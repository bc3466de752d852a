package org.graphsha.pipeline;

import org.graphsha.config.WriteOptions;
import org.graphsha.store.write.BatchedWrite;

/** The user's write keys as the store's batched writer takes them. */
public final class WriteModes {

    private WriteModes() {}

    public static BatchedWrite.Mode of(WriteOptions options) {
        return new BatchedWrite.Mode(options.atomic(), options.batchSize(), options.concurrency());
    }
}
