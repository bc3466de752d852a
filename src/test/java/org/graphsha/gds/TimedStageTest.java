package org.graphsha.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimedStageTest {

    @Test
    void aRunningStageNamesItsRemainingTimeOnceItHasProgressed() throws Exception {
        TimedStage stage = new TimedStage("training", 1000);
        assertEquals("training", stage.description(), "not started");
        stage.start();
        assertEquals("training", stage.description(), "no progress yet: no rate to go by");
        Thread.sleep(20);
        stage.logProgress(1);
        // 999 steps left at 20 ms or more each: at least 19 s.
        String running = stage.description();
        assertTrue(running.matches("training \\(about ([0-9]+ s|[0-9]+ min [0-9]+ s) left\\)"), running);
        assertTrue(!running.matches("training \\(about [0-9] s left\\)"), running);
        assertEquals("training", TimedStage.plainName(running));
        stage.ending();
        assertEquals("training", stage.description(), "GDS logs the end with the name");
    }

    @Test
    void aFinishedStageHasItsPlainName() {
        TimedStage stage = new TimedStage("diffusion", 10);
        stage.start();
        stage.logProgress(3);
        stage.finish();
        assertEquals("diffusion", stage.description());
    }
}
