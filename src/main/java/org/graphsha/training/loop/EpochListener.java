package org.graphsha.training.loop;

/**
 * Called after every epoch on the training thread. Throwing stops training: the trainer releases its
 * engine memory and the lock, then rethrows the exception to its caller (use it to cancel).
 */
@FunctionalInterface
public interface EpochListener {

    EpochListener NONE = report -> { };

    void onEpoch(EpochReport report);
}
