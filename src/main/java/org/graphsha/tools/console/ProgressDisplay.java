package org.graphsha.tools.console;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Shows how far long work has got: on a terminal, one bar redrawn in place with an ETA; elsewhere
 * (CI logs, files), a plain line at most every {@code interval} seconds, so logs stay readable.
 */
public final class ProgressDisplay {

    private static final int WIDTH = 30;

    private final PrintStream out;
    private final boolean terminal;
    private final long intervalNanos;
    private final long start = System.nanoTime();
    private long lastPrinted;
    private boolean drawn;

    public ProgressDisplay(PrintStream out, boolean terminal, double intervalSeconds) {
        this.out = out;
        this.terminal = terminal;
        this.intervalNanos = (long) (intervalSeconds * 1e9);
        this.lastPrinted = start;
    }

    /** A display for standard output: a bar when a person is watching, lines every 10 s otherwise. */
    public static ProgressDisplay forStandardOutput(PrintStream out) {
        return new ProgressDisplay(out, System.console() != null, 10);
    }

    /** @param fraction done, in [0, 1] */
    public synchronized void update(String label, double fraction) {
        long now = System.nanoTime();
        if (!terminal && now - lastPrinted < intervalNanos && fraction < 1) {
            return;
        }
        lastPrinted = now;
        String text = line(label, fraction, (now - start) / 1e9);
        if (terminal) {
            out.print("\r" + text + "  ");
            drawn = true;
        } else {
            out.println(text);
        }
        out.flush();
    }

    /** Ends the bar's line, so that later output starts on a fresh one. */
    public synchronized void finish() {
        if (drawn) {
            out.println();
            drawn = false;
        }
    }

    static String line(String label, double fraction, double elapsedSeconds) {
        double f = Math.max(0, Math.min(1, fraction));
        int filled = (int) Math.round(f * WIDTH);
        String eta = f > 0 && f < 1 ? "ETA " + duration(elapsedSeconds * (1 - f) / f) : "";
        return String.format(Locale.ROOT, "%s [%s%s] %5.1f%% %s %s", label, "#".repeat(filled), ".".repeat(WIDTH - filled),
            100 * f, duration(elapsedSeconds), eta).stripTrailing();
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60)
            : String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
}
