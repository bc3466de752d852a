package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The summary of {@code bench-scale}: stages with time and memory, then GraphSHA against vanilla on the same backbone. */
final class ScaleReport {

    static final double TARGET_SECONDS = 30 * 60;
    static final double TARGET_RSS_MB = 12 * 1024;

    private ScaleReport() {}

    static void print(PrintStream out, List<BenchScaleCommand.Stage> stages, Map<String, Map<String, Object>> trained,
                      int epochs, int threads, double totalSeconds, double peakHeapMb, double peakRssMb) {
        out.println();
        out.println("== Stages (intra-op threads " + threads + ", " + epochs + " epochs per model)");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (BenchScaleCommand.Stage stage : stages) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("stage", stage.name());
            row.put("seconds", round(stage.seconds()));
            row.put("peak heap MiB", Math.round(stage.peaks().heapMb()));
            row.put("peak RSS MiB", Math.round(stage.peaks().rssMb()));
            row.put("note", stage.note());
            rows.add(row);
        }
        out.print(TablePrinter.render(List.of("stage", "seconds", "peak heap MiB", "peak RSS MiB", "note"), rows));

        out.println();
        out.println("== Test metrics (%)");
        rows = new ArrayList<>();
        for (var entry : trained.entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> test = (Map<String, Object>) entry.getValue().get("testMetrics");
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("method", entry.getKey());
            row.put("accuracy", percent(test, "accuracy"));
            row.put("balancedAccuracy", percent(test, "balancedAccuracy"));
            row.put("f1Macro", percent(test, "f1Macro"));
            rows.add(row);
        }
        out.print(TablePrinter.render(List.of("method", "accuracy", "balancedAccuracy", "f1Macro"), rows));

        out.println();
        out.printf(Locale.ROOT, "total %.0f s (target %.0f s: %s); peak RSS %.0f MiB (target %.0f MiB: %s); "
                + "peak heap used %.0f MiB%n", totalSeconds, TARGET_SECONDS, verdict(totalSeconds <= TARGET_SECONDS),
            peakRssMb, TARGET_RSS_MB, verdict(peakRssMb <= TARGET_RSS_MB), peakHeapMb);
        if (trained.containsKey("graphsha") && trained.containsKey("vanilla")) {
            boolean better = metric(trained, "graphsha", "balancedAccuracy") > metric(trained, "vanilla", "balancedAccuracy")
                && metric(trained, "graphsha", "f1Macro") > metric(trained, "vanilla", "f1Macro");
            out.println("GraphSHA bAcc and F1 above vanilla's (same backbone): " + verdict(better));
        }
    }

    private static double metric(Map<String, Map<String, Object>> trained, String method, String key) {
        @SuppressWarnings("unchecked")
        Map<String, Object> test = (Map<String, Object>) trained.get(method).get("testMetrics");
        return ((Number) test.get(key)).doubleValue();
    }

    private static double percent(Map<String, Object> test, String key) {
        return round(100 * ((Number) test.get(key)).doubleValue());
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    private static String verdict(boolean met) {
        return met ? "met" : "NOT met";
    }
}
