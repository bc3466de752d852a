package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

import ai.djl.Device;
import ai.djl.pytorch.jni.JniUtils;

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
