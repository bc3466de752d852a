package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.graphsha.tools.console.ProgressDisplay;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;

/** Runs Cypher statements one by one, each in its own transaction, printing every result as a table. */
public final class CypherRunner {

    private final GraphDatabaseService db;
    private final PrintStream out;

    public CypherRunner(GraphDatabaseService db, PrintStream out) {
        this.db = db;
        this.out = out;
    }

    public void run(String statement) {
        run(statement, Map.of());
    }

    public void run(String statement, Map<String, Object> parameters) {
        String table;
        try (JobWatcher watcher = new JobWatcher(db, ProgressDisplay.forStandardOutput(System.err))) {
            try (Transaction tx = db.beginTx(); Result result = tx.execute(statement, parameters)) {
                List<String> columns = result.columns();
                List<Map<String, Object>> rows = new ArrayList<>();
                result.forEachRemaining(rows::add);
                // Rendered inside the transaction: nodes in the result can only be read there.
                table = columns.isEmpty() ? "" : TablePrinter.render(columns, rows);
                tx.commit();
            }
        }
        out.print(table);
    }

    /** Splits a script on semicolons outside quotes, backticks and comments. */
    public static List<String> statements(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < script.length(); i++) {
            char c = script.charAt(i);
            if (quote != 0) {
                current.append(c);
                if (c == '\\' && quote != '`' && i + 1 < script.length()) {
                    current.append(script.charAt(++i));
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '/' && i + 1 < script.length() && script.charAt(i + 1) == '/') {
                while (i < script.length() && script.charAt(i) != '\n') {
                    i++;
                }
                current.append('\n');
            } else if (c == ';') {
                addIfNotBlank(statements, current);
                current.setLength(0);
            } else {
                if (c == '\'' || c == '"' || c == '`') {
                    quote = c;
                }
                current.append(c);
            }
        }
        addIfNotBlank(statements, current);
        return statements;
    }

    private static void addIfNotBlank(List<String> statements, StringBuilder text) {
        if (!text.toString().isBlank()) {
            statements.add(text.toString().strip());
        }
    }

    /** The innermost useful message of a failure, which is what a user needs to read. */
    public static String describe(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() != null ? cause.getMessage() : cause.toString();
        return message;
    }
}
