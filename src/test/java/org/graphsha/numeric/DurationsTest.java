package org.graphsha.numeric;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void secondsReadAsAUserWritesThem() {
        assertEquals("1 s", Durations.human(0.2));
        assertEquals("45 s", Durations.human(45.4));
        assertEquals("3 min 10 s", Durations.human(190));
        assertEquals("2 h 05 min", Durations.human(2 * 3600 + 5 * 60 + 20));
    }
}
