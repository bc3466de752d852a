package org.graphsha.tools.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A result table as {@link TablePrinter} prints it, read back into columns and cells to assert on. */
record PrintedTable(List<String> columns, List<List<String>> rows) {

    /** Reads the one table a statement printed; a statement without result columns prints nothing. */
    static PrintedTable parse(String printed) {
        if (printed.isEmpty()) {
            return new PrintedTable(List.of(), List.of());
        }
        List<String> lines = printed.lines().toList();
        List<String> columns = cells(lines.get(0));
        List<List<String>> rows = new ArrayList<>();
        for (String line : lines.subList(2, lines.size() - 1)) {
            rows.add(cells(line));
        }
        String footer = lines.get(lines.size() - 1);
        if (!footer.equals("(" + rows.size() + (rows.size() == 1 ? " row)" : " rows)"))) {
            throw new AssertionError("not one printed table: " + printed);
        }
        return new PrintedTable(columns, rows);
    }

    private static List<String> cells(String line) {
        return Arrays.stream(line.split(" \\| ", -1)).map(String::strip).toList();
    }

    /** The cells of one column, top to bottom. */
    List<String> column(String name) {
        int at = columns.indexOf(name);
        if (at < 0) {
            throw new AssertionError("no column " + name + " in " + columns);
        }
        return rows.stream().map(row -> row.get(at)).toList();
    }

    String single(String name) {
        if (rows.size() != 1) {
            throw new AssertionError("expected one row but got " + rows);
        }
        return column(name).get(0);
    }

    List<Double> numbers(String name) {
        return column(name).stream().map(Double::parseDouble).toList();
    }

    double sum(String name) {
        return numbers(name).stream().mapToDouble(Double::doubleValue).sum();
    }
}
