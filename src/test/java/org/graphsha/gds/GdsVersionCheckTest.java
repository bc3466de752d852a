package org.graphsha.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graphsha.gds.GdsVersionCheck.Outcome;
import org.junit.jupiter.api.Test;

/** The comparison of the GDS version found against the tested one, on version strings. */
class GdsVersionCheckTest {

    @Test
    void theTestedVersionIsUsedSilently() {
        GdsVersionCheck check = GdsVersionCheck.of("2.13.9", "2.13.9");
        assertEquals(Outcome.SAME, check.outcome());
        assertEquals("", check.message());
        check.requireUsable();
    }

    @Test
    void aPatchReleaseOfTheSameMinorVersionWarnsAndRuns() {
        GdsVersionCheck check = GdsVersionCheck.of("2.13.4", "2.13.9");
        assertEquals(Outcome.WARN, check.outcome());
        assertTrue(check.message().contains("GDS 2.13.9") && check.message().contains("GDS 2.13.4"), check.message());
        check.requireUsable();
        assertEquals(Outcome.WARN, GdsVersionCheck.of("2.13.10-alpha01", "2.13.9").outcome());
    }

    @Test
    void anotherMinorOrMajorVersionIsRefusedNamingBothAndWhatToDo() {
        for (String found : new String[] {"2.12.0", "2.14.1", "3.13.9", "2.6.8"}) {
            GdsVersionCheck check = GdsVersionCheck.of(found, "2.13.9");
            assertEquals(Outcome.REFUSE, check.outcome(), found);
            IllegalStateException refused = assertThrows(IllegalStateException.class, check::requireUsable);
            assertTrue(refused.getMessage().contains("tested with GDS 2.13.9")
                && refused.getMessage().contains("this server runs GDS " + found)
                && refused.getMessage().contains("Install GDS 2.13.9"), refused.getMessage());
        }
    }

    /** "2.13" and "2.13.9" share major and minor; "2.1" is another minor version than "2.13", not a prefix of it. */
    @Test
    void versionsCompareByNumberNotByText() {
        assertEquals(Outcome.WARN, GdsVersionCheck.of("2.13", "2.13.9").outcome());
        assertEquals(Outcome.REFUSE, GdsVersionCheck.of("2.1.13", "2.13.9").outcome());
    }

    @Test
    void aVersionThatCannotBeReadWarns() {
        for (String found : new String[] {"unknown", "2", "", "two.thirteen"}) {
            GdsVersionCheck check = GdsVersionCheck.of(found, "2.13.9");
            assertEquals(Outcome.WARN, check.outcome(), found);
            assertTrue(check.message().contains("cannot compare"), check.message());
        }
    }
}
