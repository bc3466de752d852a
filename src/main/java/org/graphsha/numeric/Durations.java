package org.graphsha.numeric;

/** Seconds as a user reads them in a yield or a task name. */
public final class Durations {

    private Durations() {}

    /** "45 s", "3 min 10 s", "2 h 05 min"; at least "1 s". */
    public static String human(double seconds) {
        long s = Math.max(1, Math.round(seconds));
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return (s / 60) + " min " + (s % 60) + " s";
        }
        return (s / 3600) + " h " + String.format("%02d", (s % 3600) / 60) + " min";
    }
}
