package org.graphsha.testing;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.graphsha.nn.Engines;

/**
 * Holds the engine (the process-wide lock every forward pass takes) from another thread, so that a
 * call that needs it waits where a test can watch and terminate it. Closing releases it.
 */
public final class EngineHold implements AutoCloseable {

    private final CountDownLatch release = new CountDownLatch(1);
    private final Thread holder;

    public EngineHold() throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        holder = new Thread(() -> Engines.runtime(Engines.DeviceChoice.CPU, 1).exclusive(() -> {
            held.countDown();
            try {
                return release.await(2, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }));
        holder.start();
        held.await();
    }

    public void release() {
        release.countDown();
    }

    @Override
    public void close() throws InterruptedException {
        release();
        holder.join();
    }
}
