package org.graphsha.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Resident-set figures of this process from /proc (Linux); -1 where unavailable. */
public final class PeakMemory {

    private PeakMemory() {}

    /** Peak resident set size (VmHWM) in MiB. */
    public static double peakRssMb() {
        return readKb("VmHWM:") / 1024.0;
    }

    /** Current resident set size (VmRSS) in MiB. */
    public static double currentRssMb() {
        return readKb("VmRSS:") / 1024.0;
    }

    private static double readKb(String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith(key)) {
                    return Double.parseDouble(line.substring(key.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1024;
        }
        return -1024;
    }
}
