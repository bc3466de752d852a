package org.graphsha.nn;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.training.GradientCollector;

/**
 * How one call uses the engine: its device and its number of PyTorch intra-op threads. Engine work
 * runs through {@link #exclusive}, which takes the engine lock and applies this call's thread count
 * first, so concurrent calls each compute with their own threads and steps never handle the lock.
 *
 * <p>The lock is process-wide because PyTorch's gradient recording is: two forward+backward blocks
 * at once fail with "A PtGradientCollector is already collecting". Thread counts are set per block
 * because PyTorch keeps them per process as well.
 */
public final class EngineRuntime {

    private static final ReentrantLock ENGINE_LOCK = new ReentrantLock();

    private final Device device;
    private final int threads;
    private volatile int observedThreads;

    EngineRuntime(Device device, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("engine threads must be at least 1, but was " + threads);
        }
        this.device = device;
        this.threads = threads;
    }

    public Device device() {
        return device;
    }

    public int threads() {
        return threads;
    }

    /** The intra-op thread count PyTorch reported inside the last exclusive block; 0 before the first. */
    public int observedThreads() {
        return observedThreads;
    }

    public NDManager newManager() {
        return Engines.engine().newBaseManager(device);
    }

    public GradientCollector newGradientCollector() {
        return Engines.engine().newGradientCollector();
    }

    /** Runs engine work alone on the engine, with this call's thread count. */
    public <T> T exclusive(Supplier<T> work) {
        ENGINE_LOCK.lock();
        try {
            JniUtils.setNumThreads(threads);
            observedThreads = JniUtils.getNumThreads();
            return work.get();
        } finally {
            ENGINE_LOCK.unlock();
        }
    }

    /** Whether some call is inside {@link #exclusive} now: a test hook that catches leaked locks. */
    public static boolean engineBusy() {
        return ENGINE_LOCK.isLocked();
    }

    public String describe() {
        return Engines.describe(device);
    }
}
