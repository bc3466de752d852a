package org.graphsha.nn;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.locks.ReentrantLock;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;

/**
 * The only place that sets up DJL's PyTorch engine (PLATFORM.md "DJL facts"): offline flags, the
 * natives cache folder, intra-op threads, the class-loader switch on first use, the device choice,
 * and the JVM-wide training lock.
 */
public final class Engines {

    /** Where a model runs. {@code AUTO} takes a GPU when one is visible, else the CPU. */
    public enum DeviceChoice {
        AUTO, CPU, GPU;

    }

    /**
     * PyTorch's gradient collector is process-global: two concurrent forward+backward blocks fail
     * with "A PtGradientCollector is already collecting". Every gradient-recording block holds this.
     */
    public static final ReentrantLock TRAINING_LOCK = new ReentrantLock();

    private static volatile Engine engine;

    private Engines() {}

    /**
     * Must run before the first engine use to take effect (the OpenMP pool and the natives folder are
     * fixed at engine start); later calls with other values are ignored.
     *
     * @param cacheDir   where the ~430 MB of natives unpack; null keeps DJL_CACHE_DIR / ~/.djl.ai
     * @param threads    intra-op threads; 0 keeps the default of 1 (or -Dgraphsha.threads), which CPU
     *                   reproducibility needs
     */
    public static synchronized void configure(Path cacheDir, int threads) {
        if (engine != null) {
            return;
        }
        if (cacheDir != null) {
            System.setProperty("DJL_CACHE_DIR", cacheDir.toAbsolutePath().toString());
        }
        if (threads > 0) {
            System.setProperty("ai.djl.pytorch.num_threads", Integer.toString(threads));
            System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
        }
    }

    /** Starts the engine on first use; safe to call from any thread and any class loader. */
    public static Engine engine() {
        Engine e = engine;
        if (e != null) {
            return e;
        }
        synchronized (Engines.class) {
            if (engine == null) {
                engine = start();
            }
            return engine;
        }
    }

    private static Engine start() {
        // Without these the engine tries to download natives and probes a cloud metadata address.
        System.setProperty("ai.djl.offline", "true");
        System.setProperty("OPT_OUT_TRACKING", "true");
        if (System.getProperty("ai.djl.pytorch.num_threads") == null) {
            // One intra-op thread unless configured: multi-threaded CPU kernels (seen with GAT) reorder
            // float sums between runs, which breaks same-seed reproducibility (ALGORITHM.md §3); the
            // sparse kernels that dominate these models are single-threaded anyway.
            String threads = System.getProperty("graphsha.threads", "1");
            System.setProperty("ai.djl.pytorch.num_threads", threads);
            System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
        }
        if (System.getProperty("DJL_CACHE_DIR") == null && System.getenv("DJL_CACHE_DIR") == null) {
            String configured = System.getProperty("graphsha.djl.cache");
            if (configured != null) {
                System.setProperty("DJL_CACHE_DIR", configured);
            }
        }
        // Engines are discovered through the context class loader; inside a Neo4j plugins folder the
        // caller's loader does not see ours, and a failed lookup is cached for the whole JVM.
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(Engines.class.getClassLoader());
        try {
            return Engine.getEngine("PyTorch");
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** Resolves the device; a GPU request on a machine without one is an error, not a silent fallback. */
    public static Device device(DeviceChoice choice) {
        int gpus = engine().getGpuCount();
        return switch (choice) {
            case CPU -> Device.cpu();
            case GPU -> {
                if (gpus == 0) {
                    throw new IllegalStateException("device `gpu` was requested but PyTorch sees no GPU "
                        + "(CPU natives, or no CUDA driver); use device `cpu` or `auto`");
                }
                yield Device.gpu();
            }
            case AUTO -> gpus > 0 ? Device.gpu() : Device.cpu();
        };
    }

    public static NDManager newManager(Device device) {
        return engine().newBaseManager(device);
    }

    public static String describe(Device device) {
        return device.getDeviceType().toLowerCase(Locale.ROOT)
            + (device.isGpu() ? ":" + device.getDeviceId() : "");
    }
}
