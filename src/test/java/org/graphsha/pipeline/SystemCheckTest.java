package org.graphsha.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of the installation check that need no database: the engine's natives and the models directory. */
class SystemCheckTest {

    @Test
    void aDirectoryUnderAFileIsNotWritable(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertFalse(SystemCheck.writable(file.resolve("models")));
        assertTrue(SystemCheck.writable(dir.resolve("not").resolve("yet")));
        try (var listing = Files.list(dir)) {
            assertEquals(List.of(file), listing.toList(), "the check left a file behind");
        }
    }

    /**
     * Natives that cannot load are reported, not thrown: a child JVM asks for a PyTorch version whose natives are
     * not on the class path, offline and with an empty natives cache, so DJL can neither find nor fetch them.
     */
    @Test
    void reportsNativesThatCannotLoad(@TempDir Path emptyCache) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
            EngineStatusProbe.class.getName())).redirectErrorStream(true);
        Map<String, String> environment = builder.environment();
        environment.put("DJL_OFFLINE", "true");
        environment.put("ENGINE_CACHE_DIR", emptyCache.toString());
        environment.put("DJL_CACHE_DIR", emptyCache.toString());
        environment.put("PYTORCH_VERSION", "1.0.0");
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the child JVM did not finish in 120 s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("loaded=false"), output);
        assertTrue(output.toLowerCase(Locale.ROOT).contains("pytorch"), output);
    }
}
