package org.graphsha.tools.cli;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.neo4j.graphdb.Entity;
import org.neo4j.graphdb.Node;

/** Renders query results as an aligned text table; long arrays such as feature vectors are abbreviated. */
public final class TablePrinter {

    private static final int MAX_ARRAY_ITEMS = 12;

    private TablePrinter() {}

    public static String render(List<String> columns, List<Map<String, Object>> rows) {
        List<List<String>> cells = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            cells.add(columns.stream().map(c -> format(row.get(c))).toList());
        }
        int[] widths = new int[columns.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = columns.get(c).length();
            for (List<String> row : cells) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder text = new StringBuilder();
        line(text, columns, widths);
        line(text, Arrays.stream(widths).mapToObj("-"::repeat).toList(), widths);
        cells.forEach(row -> line(text, row, widths));
        text.append("(").append(rows.size()).append(rows.size() == 1 ? " row)" : " rows)").append('\n');
        return text.toString();
    }

    private static void line(StringBuilder text, List<String> values, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < values.size(); c++) {
            line.append(c == 0 ? "" : " | ").append(String.format("%-" + widths[c] + "s", values.get(c)));
        }
        text.append(line.toString().stripTrailing()).append('\n');
    }

    static String format(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (!Double.isFinite(d)) {
                return String.valueOf(d);
            }
            String text = java.math.BigDecimal.valueOf(d).setScale(4, java.math.RoundingMode.HALF_UP)
                .stripTrailingZeros().toPlainString();
            return text.contains(".") ? text : text + ".0";
        }
        if (value instanceof String text) {
            return text;
        }
        if (value.getClass().isArray()) {
            List<Object> items = new ArrayList<>();
            for (int i = 0; i < Array.getLength(value); i++) {
                items.add(Array.get(value, i));
            }
            return format(items);
        }
        if (value instanceof List<?> list) {
            String shown = list.stream().limit(MAX_ARRAY_ITEMS).map(TablePrinter::format).collect(Collectors.joining(", "));
            return "[" + shown + (list.size() > MAX_ARRAY_ITEMS ? ", ... (" + list.size() + " items)" : "") + "]";
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(e -> e.getKey() + ": " + format(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof Node node) {
            String labels = java.util.stream.StreamSupport.stream(node.getLabels().spliterator(), false)
                .map(l -> ":" + l.name()).collect(Collectors.joining());
            return "(" + labels + " " + format(node.getAllProperties()) + ")";
        }
        if (value instanceof Entity entity) {
            return format(entity.getAllProperties());
        }
        return String.valueOf(value);
    }
}
