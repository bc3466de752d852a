package org.graphsha.tools.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import org.graphsha.data.KnownDataset;

/**
 * The plots of a table, from its saved runs: per-class test accuracy (the paper's Table 6 as bars),
 * where misclassified test nodes land, minor or major class (the "squeezed minority" of Figures 1
 * and 6), and for a ρ sweep the macro-F1 against ρ (Figure 5). Methods without runs are left out.
 */
final class TablePlots {

    static final String MINOR = "predicted as a minor class";
    static final String MAJOR = "predicted as a major class";

    private TablePlots() {}

    /** File name (inside --out-dir) to SVG text. */
    static Map<Path, String> render(TableOptions o, TableResults results) {
        TableLayout layout = TableLayout.of(o, results);
        Map<Path, String> plots = new LinkedHashMap<>();
        if (o.sweep()) {
            for (KnownDataset d : layout.datasets()) {
                for (String backbone : layout.backbones()) {
                    f1AgainstRatio(o, results, d, backbone).ifPresent(svg -> plots.put(
                        Path.of(o.stem() + "-f1-" + d.id() + "-" + backbone + ".svg"), svg));
                }
            }
            return plots;
        }
        String backbone = layout.backbones().contains("gcn") ? "gcn" : layout.backbones().get(0);
        double ratio = layout.ratios().get(0);
        for (KnownDataset d : layout.datasets()) {
            String suffix = "-" + d.id() + "-" + backbone + ".svg";
            perClassAccuracy(o, results, d, backbone, ratio)
                .ifPresent(svg -> plots.put(Path.of(o.stem() + "-per-class-accuracy" + suffix), svg));
            misclassified(o, results, d, backbone, ratio)
                .ifPresent(svg -> plots.put(Path.of(o.stem() + "-misclassified" + suffix), svg));
        }
        return plots;
    }

    private static String where(TableOptions o, KnownDataset d, String backbone) {
        return TableMarkdown.datasetLabel(d) + "-" + (o.longTailed() ? "LT" : "ST") + ", "
            + backbone.toUpperCase(Locale.ROOT);
    }

    private static Optional<int[]> trainCounts(TableResults results, KnownDataset d, double ratio) {
        return results.cells().stream().filter(c -> c.dataset().equals(d.id()) && c.ratio() == ratio)
            .map(TableResults.Cell::trainCounts).findFirst();
    }

    /** Bars per class, classes from the rarest in training to the most frequent, as the paper orders them. */
    static Optional<String> perClassAccuracy(TableOptions o, TableResults results, KnownDataset d, String backbone,
                                             double ratio) {
        TableLayout layout = TableLayout.of(o, results);
        Optional<int[]> counts = trainCounts(results, d, ratio);
        if (counts.isEmpty()) {
            return Optional.empty();
        }
        int[] n = counts.get();
        int total = IntStream.of(n).sum();
        Integer[] order = IntStream.range(0, n.length).boxed().sorted(Comparator.comparingInt(k -> n[k]))
            .toArray(Integer[]::new);
        List<String> categories = new ArrayList<>();
        for (int k : order) {
            categories.add(String.format(Locale.ROOT, "class %d\n%.1f%%", k, 100.0 * n[k] / total));
        }
        List<SvgChart.Series> series = new ArrayList<>();
        for (String method : layout.methods()) {
            List<TableResults.Run> runs = TableMarkdown.runs(o, results, backbone, method, d.id(), ratio);
            if (runs.isEmpty()) {
                continue;
            }
            double[] values = new double[order.length];
            for (int i = 0; i < order.length; i++) {
                int k = order[i];
                values[i] = runs.stream().map(r -> r.perClassAccuracy()[k]).filter(v -> v != null)
                    .mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            }
            series.add(new SvgChart.Series(PaperValues.get().label(method), values));
        }
        if (series.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(SvgChart.groupedBars("Per-class test accuracy, " + where(o, d, backbone),
            "class (share of training nodes), rarest first", "test accuracy (%)", categories, series, 100));
    }

    /**
     * Of all misclassified test nodes (summed over runs), the share predicted as a minor class and as a
     * major class. Minor classes have fewer training nodes than the mean class size: the classes that
     * the synthesis methods enlarge.
     */
    static Optional<String> misclassified(TableOptions o, TableResults results, KnownDataset d, String backbone,
                                          double ratio) {
        TableLayout layout = TableLayout.of(o, results);
        Optional<int[]> counts = trainCounts(results, d, ratio);
        if (counts.isEmpty()) {
            return Optional.empty();
        }
        boolean[] minor = minorClasses(counts.get());
        List<String> categories = new ArrayList<>();
        List<double[]> shares = new ArrayList<>();
        for (String method : layout.methods()) {
            List<TableResults.Run> runs = TableMarkdown.runs(o, results, backbone, method, d.id(), ratio);
            if (runs.isEmpty()) {
                continue;
            }
            long[] wrong = misclassifiedByPredictedGroup(runs, minor);
            long all = wrong[0] + wrong[1];
            categories.add(PaperValues.get().label(method).replace(' ', '\n'));
            shares.add(new double[] {all == 0 ? Double.NaN : 100.0 * wrong[0] / all,
                all == 0 ? Double.NaN : 100.0 * wrong[1] / all});
        }
        if (categories.isEmpty()) {
            return Optional.empty();
        }
        double[] minorShare = shares.stream().mapToDouble(s -> s[0]).toArray();
        double[] majorShare = shares.stream().mapToDouble(s -> s[1]).toArray();
        return Optional.of(SvgChart.groupedBars("Misclassified test nodes: minor or major class predicted, "
                + where(o, d, backbone), "method", "share of misclassified test nodes (%)", categories,
            List.of(new SvgChart.Series(MINOR, minorShare), new SvgChart.Series(MAJOR, majorShare)), 100));
    }

    /** Classes with fewer training nodes than the mean class size. */
    static boolean[] minorClasses(int[] trainCounts) {
        double mean = IntStream.of(trainCounts).average().orElse(0);
        boolean[] minor = new boolean[trainCounts.length];
        for (int k = 0; k < trainCounts.length; k++) {
            minor[k] = trainCounts[k] < mean;
        }
        return minor;
    }

    /** {misclassified and predicted as a minor class, misclassified and predicted as a major class}. */
    static long[] misclassifiedByPredictedGroup(List<TableResults.Run> runs, boolean[] minor) {
        long[] out = new long[2];
        for (TableResults.Run r : runs) {
            int[][] confusion = r.confusion();
            for (int truth = 0; truth < confusion.length; truth++) {
                for (int predicted = 0; predicted < confusion.length; predicted++) {
                    if (truth != predicted) {
                        out[minor[predicted] ? 0 : 1] += confusion[truth][predicted];
                    }
                }
            }
        }
        return out;
    }

    static Optional<String> f1AgainstRatio(TableOptions o, TableResults results, KnownDataset d, String backbone) {
        TableLayout layout = TableLayout.of(o, results);
        List<String> categories = layout.ratios().stream().map(r -> "ρ = " + TableMarkdown.ratio(r)).toList();
        List<SvgChart.Series> series = new ArrayList<>();
        double low = 100;
        double high = 0;
        for (String method : layout.methods()) {
            double[] values = new double[layout.ratios().size()];
            boolean any = false;
            for (int i = 0; i < values.length; i++) {
                values[i] = TableMarkdown.summary(o, results, backbone, method, d.id(), layout.ratios().get(i), 2)
                    .map(Summary::mean).orElse(Double.NaN);
                if (!Double.isNaN(values[i])) {
                    any = true;
                    low = Math.min(low, values[i]);
                    high = Math.max(high, values[i]);
                }
            }
            if (any) {
                series.add(new SvgChart.Series(PaperValues.get().label(method), values));
            }
        }
        if (series.isEmpty()) {
            return Optional.empty();
        }
        double yMin = Math.max(0, Math.floor(low / 10) * 10 - 10);
        double yMax = Math.min(100, Math.ceil(high / 10) * 10 + (high % 10 == 0 ? 10 : 0));
        return Optional.of(SvgChart.lines("Test macro-F1 against the imbalance ratio, " + TableMarkdown.datasetLabel(d)
                + "-LT, " + backbone.toUpperCase(Locale.ROOT), "imbalance ratio ρ", "test macro-F1 (%)", categories, series,
            yMin, yMax));
    }
}
