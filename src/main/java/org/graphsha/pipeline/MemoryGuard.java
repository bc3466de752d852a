package org.graphsha.pipeline;

/**
 * GDS's memory guard for graphsha calls: a call whose estimated heap exceeds the heap the JVM has
 * free now is refused before it reads the graph, unless it says {@code sudo: true}. Native (PyTorch)
 * memory lies outside the JVM's accounting and is not checked.
 */
final class MemoryGuard {

    private MemoryGuard() {}

    static void check(String procedure, long heapBytes, boolean sudo) {
        if (sudo) {
            return;
        }
        Runtime runtime = Runtime.getRuntime();
        long available = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
        if (heapBytes > available) {
            throw new IllegalStateException("Memory required to run " + procedure + " (" + heapBytes + "b) exceeds "
                + "available memory (" + available + "b); see " + procedure + ".estimate, or set `sudo: true` to run "
                + "it anyway");
        }
    }
}
