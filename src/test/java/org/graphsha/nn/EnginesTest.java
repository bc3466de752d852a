package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import ai.djl.Device;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.pytorch.jni.LibUtils;
import ai.djl.util.Platform;

class EnginesTest {

    @Test
    void gpuWithoutGpuIsAClearErrorAndAutoFallsBackToCpu() {
        assumeTrue(Engines.engine().getGpuCount() == 0, "a GPU is present");
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> Engines.device(Engines.DeviceChoice.GPU));
        assertTrue(e.getMessage().contains("gpu") && e.getMessage().contains("cpu"), e.getMessage());
        assertEquals(Device.cpu(), Engines.device(Engines.DeviceChoice.AUTO));
    }

    @Test
    void picksTheNativesOfThisPlatformAmongAllShipped() throws Exception {
        List<String> shipped = new ArrayList<>();
        for (URL properties : Collections.list(Engines.class.getClassLoader().getResources("native/lib/pytorch.properties"))) {
            try (InputStream in = properties.openStream()) {
                Properties p = new Properties();
                p.load(in);
                shipped.add(p.getProperty("classifier"));
            }
        }
        assertTrue(shipped.containsAll(List.of("linux-x86_64", "osx-aarch64", "win-x86_64")), "shipped: " + shipped);
        Engines.engine();
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String expected = (os.startsWith("win") ? "win" : os.startsWith("mac") ? "osx" : "linux") + "-"
            + (System.getProperty("os.arch").matches("amd64|x86_64") ? "x86_64" : "aarch64");
        assertEquals(expected, Platform.detectPlatform("pytorch").getClassifier());
        assertTrue(LibUtils.getLibtorchPath().contains(expected), LibUtils.getLibtorchPath());
    }

    @Test
    void startingTheEngineLeavesTheJvmsPropertiesAlone() {
        Engines.engine();
        for (String key : new String[] {"ai.djl.offline", "OPT_OUT_TRACKING", "ai.djl.pytorch.num_threads",
            "ai.djl.pytorch.num_interop_threads", "DJL_CACHE_DIR"}) {
            assertNull(System.getProperty(key), key + " was set as a JVM-wide property");
        }
    }

    @Test
    void eachRuntimeComputesWithItsOwnThreadCountCappedAtTheCores() {
        int cores = Runtime.getRuntime().availableProcessors();
        EngineRuntime one = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        EngineRuntime many = Engines.runtime(Engines.DeviceChoice.CPU, 10_000);
        assertEquals(cores, many.threads());
        for (int round = 0; round < 3; round++) {
            assertEquals(1, one.exclusive(JniUtils::getNumThreads));
            assertEquals(cores, many.exclusive(JniUtils::getNumThreads));
        }
        assertEquals(1, one.observedThreads());
        assertEquals(cores, many.observedThreads());
        assertThrows(IllegalArgumentException.class, () -> new EngineRuntime(Device.cpu(), 0));
    }
}
