package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

import ai.djl.Device;

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
    void runsOfflineWithOneIntraOpThreadByDefault() {
        Engines.engine();
        assertEquals("true", System.getProperty("ai.djl.offline"));
        assertEquals(System.getProperty("graphsha.threads", "1"), System.getProperty("ai.djl.pytorch.num_threads"));
    }
}
