package org.graphsha.tools.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The paper's Tables 2 (LT) and 3 (ST) as transcribed in docs/algorithm.md §7.1/§7.2, read from
 * {@code paper-values.tsv}. It also gives the paper's row order and row labels of the methods.
 */
final class PaperValues {

    /** One published cell: the three metrics as printed, e.g. "79.90±0.29". */
    record Published(String acc, String bacc, String f1) {
        String metric(int index) {
            return switch (index) {
                case 0 -> acc;
                case 1 -> bacc;
                default -> f1;
            };
        }

        /** The mean part of a printed value, for comparisons. */
        static double mean(String printed) {
            return Double.parseDouble(printed.split("±")[0]);
        }
    }

    private static final PaperValues INSTANCE = load();

    private final Map<String, Published> cells;
    private final Map<String, String> labels;

    private PaperValues(Map<String, Published> cells, Map<String, String> labels) {
        this.cells = cells;
        this.labels = labels;
    }

    static PaperValues get() {
        return INSTANCE;
    }

    Optional<Published> find(String setting, String backbone, String method, String dataset) {
        return Optional.ofNullable(cells.get(key(setting, backbone, method, dataset)));
    }

    /** The paper's row label ("PC Softmax"), or the method's own name for methods the paper lacks. */
    String label(String method) {
        return labels.getOrDefault(method, method);
    }

    /** Method names in the paper's row order (Vanilla first, GraphSHA last). */
    List<String> paperOrder() {
        return new ArrayList<>(labels.keySet());
    }

    /** The methods the paper's table for {@code setting} ({@code lt}, {@code step}) has rows for, in its order. */
    List<String> methods(String setting) {
        return labels.keySet().stream()
            .filter(m -> cells.keySet().stream().anyMatch(k -> k.startsWith(setting + "/") && k.split("/")[2].equals(m)))
            .toList();
    }

    private static String key(String setting, String backbone, String method, String dataset) {
        return setting + "/" + backbone + "/" + method + "/" + dataset;
    }

    private static PaperValues load() {
        Map<String, Published> cells = new HashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        try (InputStream in = PaperValues.class.getResourceAsStream("paper-values.tsv")) {
            if (in == null) {
                throw new IllegalStateException("resource org/graphsha/tools/bench/paper-values.tsv is missing from the build");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                labels.putIfAbsent(f[2], f[3]);
                cells.put(key(f[0], f[1], f[2], f[4]), new Published(f[5], f[6], f[7]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new PaperValues(Map.copyOf(cells), labels);
    }
}
