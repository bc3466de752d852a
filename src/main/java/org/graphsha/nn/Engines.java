package org.graphsha.nn;

import java.util.Locale;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;

/**
 * The only place that starts DJL's PyTorch engine and resolves devices. It sets no JVM-wide
 * property: the thread count travels with each call in an {@link EngineRuntime}, and DJL's own
 * switches (offline mode, telemetry opt-out, natives folder) are the operator's, set as environment
 * variables or JVM options (docs/install.md).
 */
public final class Engines {

    /** Where a model runs. {@code AUTO} takes a GPU when one is visible, else the CPU. */
    public enum DeviceChoice {
        AUTO, CPU, GPU;

    }

    private static volatile Engine engine;

    private Engines() {}

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
        // Engines and their natives are found through the context class loader; inside a Neo4j plugins
        // folder the caller's loader does not see ours, and a failed lookup is cached for the whole JVM.
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(Engines.class.getClassLoader());
        try {
            return Engine.getEngine("PyTorch");
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /**
     * The runtime of one call: its device, and {@code threads} intra-op threads capped at the machine's
     * cores. One thread keeps CPU runs bit-reproducible across machines (docs/engine.md).
     */
    public static EngineRuntime runtime(DeviceChoice choice, int threads) {
        return new EngineRuntime(device(choice), Math.max(1, Math.min(threads, Runtime.getRuntime().availableProcessors())));
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

    /**
     * What starting the engine found: whether its natives loaded and ran an operation, its version, the GPUs it
     * sees, or why it failed.
     *
     * @param error null when loaded
     */
    public record Status(boolean loaded, String version, int gpuCount, String error) {}

    /**
     * Starts the engine, if no call has, and runs one small operation on the CPU, so that missing or mismatched
     * natives show here instead of in the first training. Never throws: a failure is the answer.
     */
    public static Status status() {
        try {
            Engine e = engine();
            try (NDManager manager = e.newBaseManager(Device.cpu())) {
                manager.ones(new ai.djl.ndarray.types.Shape(2)).sum().getFloat();
            }
            return new Status(true, e.getVersion(), e.getGpuCount(), null);
        } catch (RuntimeException | LinkageError failure) {
            Throwable root = failure;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String message = failure.getClass().getSimpleName() + ": " + failure.getMessage()
                + (root == failure ? "" : " (cause: " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")");
            return new Status(false, null, 0, message);
        }
    }

    public static NDManager newManager(Device device) {
        return engine().newBaseManager(device);
    }

    public static String describe(Device device) {
        return device.getDeviceType().toLowerCase(Locale.ROOT)
            + (device.isGpu() ? ":" + device.getDeviceId() : "");
    }
}
