package org.graphsha.pipeline;

import java.util.Map;

import org.graphsha.training.MemoryEstimate;

/**
 * Run in a child JVM by {@link MemoryGuardTest}: checks a call that needs the given MiB of heap (and
 * 1 MiB of native memory) against this JVM's real figures. Exit 0 when it may run, 3 when refused,
 * with the guard's message on standard output.
 */
public final class SmallHeapProbe {

    private SmallHeapProbe() {}

    public static void main(String[] args) {
        long heap = Long.parseLong(args[0]) << 20;
        MemoryEstimate estimate = new MemoryEstimate(Map.of("probe", heap), Map.of("probe", 1L << 20),
            Map.of("probe", 1L << 20));
        try {
            MemoryGuard.check("graphsha.predict.stream", estimate, false, MemoryGuard.Available.now(), "To fit, probe less");
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
            System.exit(3);
        }
        System.out.println("fits");
    }
}
