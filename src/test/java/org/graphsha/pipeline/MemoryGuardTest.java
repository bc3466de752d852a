package org.graphsha.pipeline;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.graphsha.training.MemoryEstimate;
import org.junit.jupiter.api.Test;

/**
 * The guard's rule on stated figures, and on the real figures of a JVM started with a small heap.
 */
class MemoryGuardTest {

    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final String ADVICE = "To fit, use fewer nodes";

    private static MemoryEstimate estimate(long heap, long nativeBytes) {
        return new MemoryEstimate(Map.of("heap", heap), Map.of("native", nativeBytes), Map.of("native", nativeBytes));
    }

    @Test
    void aCallThatFitsPasses() {
        assertDoesNotThrow(() -> MemoryGuard.check("graphsha.train", estimate(100 * MIB, 1 * GIB), false,
            new MemoryGuard.Available(200 * MIB, 1 * GIB, 4 * GIB), ADVICE));
    }

    @Test
    void tooMuchHeapIsRefusedWithBothFiguresAndTheWayOut() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MemoryGuard.check("graphsha.train",
            estimate(1288490189L, 3650722202L), false, new MemoryGuard.Available(800 * MIB, 1 * GIB, 6 * GIB), ADVICE));
        assertTrue(e.getMessage().startsWith("Memory required to run graphsha.train (1.2 GiB heap, 3.4 GiB native) "
            + "exceeds available memory (800.0 MiB heap, 5.0 GiB machine): the heap part is too large."), e.getMessage());
        assertTrue(e.getMessage().contains(ADVICE + ", or give Neo4j a bigger heap"), e.getMessage());
        assertTrue(e.getMessage().contains("See graphsha.train.estimate"), e.getMessage());
        assertTrue(e.getMessage().endsWith("`sudo: true` skips this check."), e.getMessage());
    }

    @Test
    void aShortHeapNamesWhatGraphshasCachesHoldOfIt() {
        MemoryGuard.Available cached = new MemoryGuard.Available(800 * MIB, 1 * GIB, 6 * GIB, 300 * MIB);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MemoryGuard.check("graphsha.train",
            estimate(GIB, MIB), false, cached, ADVICE));
        assertTrue(e.getMessage().contains("smaller caches for graphsha.predict.nodes, which hold 300.0 MiB of the heap "
            + "in use (dbms.graphsha.model_cache.max_size, dbms.graphsha.row_cache.max_size)"), e.getMessage());
        IllegalStateException none = assertThrows(IllegalStateException.class, () -> MemoryGuard.check("graphsha.train",
            estimate(GIB, MIB), false, new MemoryGuard.Available(800 * MIB, 1 * GIB, 6 * GIB), ADVICE));
        assertFalse(none.getMessage().contains("caches"), none.getMessage());
    }

    @Test
    void nativeMemoryMustFitWhatTheMachineHasLeftOnceTheHeapHasGrown() {
        // 3 GiB free on the machine, but the heap may still take 2 GiB of it: 1 GiB is left to PyTorch.
        MemoryGuard.Available available = new MemoryGuard.Available(4 * GIB, 2 * GIB, 3 * GIB);
        assertEquals(1 * GIB, available.outsideHeap());
        assertDoesNotThrow(() -> MemoryGuard.check("graphsha.predict.stream", estimate(MIB, 1 * GIB), false, available,
            ADVICE));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MemoryGuard.check(
            "graphsha.predict.stream", estimate(MIB, 1 * GIB + 1), false, available, ADVICE));
        assertTrue(e.getMessage().startsWith("Memory required to run graphsha.predict.stream (1.0 MiB heap, 1.0 GiB "
            + "native) exceeds available memory (4.0 GiB heap, 1.0 GiB machine): the native part is too large."),
            e.getMessage());
        assertFalse(e.getMessage().contains("bigger heap"), "a bigger heap leaves less to PyTorch: " + e.getMessage());
        assertTrue(e.getMessage().contains("free machine memory"), e.getMessage());
        assertEquals(0, new MemoryGuard.Available(GIB, 2 * GIB, GIB).outsideHeap());
    }

    @Test
    void sudoSkipsTheCheck() {
        assertDoesNotThrow(() -> MemoryGuard.check("graphsha.train", estimate(10 * GIB, 10 * GIB), true,
            new MemoryGuard.Available(MIB, 0, MIB), ADVICE));
    }

    @Test
    void bytesReadAsGdsWritesThem() {
        assertEquals("1023 B", MemoryEstimate.human(1023));
        assertEquals("1.5 KiB", MemoryEstimate.human(1536));
        assertEquals("800.0 MiB", MemoryEstimate.human(800 * MIB));
        assertEquals("3.4 GiB", MemoryEstimate.human(3650722202L));
    }

    /**
     * The figures of a real JVM: a child started with a 64 MiB heap refuses a call that needs 80 MiB of
     * heap and runs one that needs 4 MiB; the same 80 MiB call passes under a 512 MiB heap.
     */
    @Test
    void aSmallHeapRefusesWhatALargerOneRuns() throws Exception {
        Child small = child("-Xmx64m", 80);
        assertEquals(3, small.exit(), small.output());
        assertTrue(small.output().startsWith("Memory required to run graphsha.predict.stream (8"), small.output());
        assertTrue(small.output().contains("the heap part is too large"), small.output());
        Child tiny = child("-Xmx64m", 4);
        assertEquals(0, tiny.exit(), tiny.output());
        Child large = child("-Xmx512m", 80);
        assertEquals(0, large.exit(), large.output());
    }

    private record Child(int exit, String output) {}

    private static Child child(String heap, int heapMib) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, heap, "-cp", System.getProperty("java.class.path"),
            SmallHeapProbe.class.getName(), Integer.toString(heapMib))).redirectErrorStream(true).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the child JVM did not finish in 60 s");
        }
        return new Child(process.exitValue(), new String(process.getInputStream().readAllBytes(),
            StandardCharsets.UTF_8).strip());
    }

    /** A heap found short is measured again after a collection: garbage of earlier work does not refuse a call. */
    @Test
    void aShortHeapIsMeasuredAgainAfterACollection() {
        MemoryGuard.Available collected = new MemoryGuard.Available(3 * GIB, 1 * GIB, 6 * GIB);
        int[] asked = {0};
        MemoryGuard.Available withGarbage = new MemoryGuard.Available(800 * MIB, 1 * GIB, 6 * GIB, 0, () -> {
            asked[0]++;
            return collected;
        });
        assertDoesNotThrow(() -> MemoryGuard.check("graphsha.train", estimate(2 * GIB, MIB), false, withGarbage,
            ADVICE));
        assertEquals(1, asked[0]);
        MemoryGuard.Available stillShort = new MemoryGuard.Available(800 * MIB, 1 * GIB, 6 * GIB, 0,
            () -> new MemoryGuard.Available(900 * MIB, 1 * GIB, 6 * GIB));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MemoryGuard.check("graphsha.train",
            estimate(2 * GIB, MIB), false, stillShort, ADVICE));
        assertTrue(e.getMessage().contains("900.0 MiB heap"), "the figure after the collection: " + e.getMessage());
        assertDoesNotThrow(() -> MemoryGuard.check("graphsha.train", estimate(100 * MIB, MIB), false,
            new MemoryGuard.Available(800 * MIB, 1 * GIB, 6 * GIB, 0, () -> {
                throw new AssertionError("no collection when the heap suffices");
            }), ADVICE));
    }
}
