package org.graphsha.tools.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import org.junit.jupiter.api.Test;

class ProgressDisplayTest {

    @Test
    void drawsABarWithElapsedTimeAndEta() {
        assertEquals("training [###############...............]  50.0% 1m00s ETA 1m00s",
            ProgressDisplay.line("training", 0.5, 60));
        assertEquals("training [##############################] 100.0% 2h01m", ProgressDisplay.line("training", 1, 7260));
    }

    @Test
    void redrawsInPlaceOnATerminalAndThrottlesPlainLinesElsewhere() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressDisplay terminal = new ProgressDisplay(new PrintStream(bytes, true), true, 10);
        terminal.update("x", 0.1);
        terminal.update("x", 0.2);
        terminal.finish();
        assertEquals(2, bytes.toString().chars().filter(c -> c == '\r').count());
        assertTrue(bytes.toString().endsWith(System.lineSeparator()));

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ProgressDisplay plain = new ProgressDisplay(new PrintStream(log, true), false, 3600);
        plain.update("x", 0.1);
        plain.update("x", 0.2);
        plain.update("x", 1.0);
        assertEquals(1, log.toString().lines().count(), "only the final line passes the 1-hour throttle");
    }
}
