package org.graphsha.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.Test;

/**
 * The Cypher in the user docs parses and names procedures that exist: each statement is planned with
 * {@code EXPLAIN}, which checks syntax, procedure names, arguments and yielded columns without running anything.
 *
 * <p>Which text is a statement, by rule:
 * <ul>
 *   <li>docs/clients.md: the string literals a {@code python} block passes to {@code run_cypher(...)} (adjacent
 *       literals joined, as Python joins them), the double-quoted query of a {@code cypher-shell} command line, and
 *       in docs/clients/train-and-predict.mjs the literals passed to {@code run(...)}. Its other blocks are shell
 *       commands, not Cypher.</li>
 *   <li>docs/procedures.md and README.md: an untagged block whose first line starts with a Cypher clause, split into
 *       statements at {@code ;}. A block that shows a procedure's signature rather than a call is skipped: it holds
 *       {@code ::} (types), {@code ...}, {@code <placeholder>} or an argument {@code name = default}. README.md's blocks are all
 *       shell commands or output.</li>
 * </ul>
 */
class DocsCypherTest {

    private static final Pattern CLAUSE = Pattern.compile("^(//|(CALL|MATCH|RETURN|CREATE|UNWIND|WITH|MERGE|OPTIONAL)\\b)");
    private static final Pattern SIGNATURE = Pattern.compile("::|\\.\\.\\.|<[a-zA-Z' ]+>|[(,] *\\w+ = ");
    private static final Pattern FENCE = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```");
    /** Python string literals, double-quoted, no escapes inside (the docs have none). */
    private static final Pattern PY_LITERAL = Pattern.compile("\"([^\"]*)\"");
    private static final Pattern RUN_CYPHER = Pattern.compile("run_cypher\\(((?:\\s*\"[^\"]*\")+)");
    private static final Pattern SHELL_QUERY = Pattern.compile("cypher-shell[^\"]*\"([^\"]+)\"");
    private static final Pattern JS_RUN = Pattern.compile("run\\((?:\"([^\"]+)\"|`([^`]+)`)");

    @Test
    void everyCypherStatementOfTheDocsPlans() throws IOException {
        // EXPLAIN checks more than syntax: a procedure that does not exist fails to plan.
        assertThrows(RuntimeException.class, () -> TestNeo4j.rows("EXPLAIN CALL graphsha.noSuchProcedure()"));
        List<String[]> statements = new ArrayList<>();
        statements.addAll(clients());
        int fromClients = statements.size();
        statements.addAll(blocks(Path.of("docs/procedures.md")));
        statements.addAll(blocks(Path.of("README.md")));
        // 4 in the Python block, 1 cypher-shell call, 6 in the JavaScript example; procedures.md's call examples.
        assertEquals(11, fromClients, "statements found in docs/clients.md and its JavaScript example");
        assertEquals(fromClients + 7, statements.size(), "statements found in procedures.md's call examples");
        List<String> failures = new ArrayList<>();
        for (String[] statement : statements) {
            try {
                TestNeo4j.rows("EXPLAIN " + statement[1]);
            } catch (RuntimeException e) {
                failures.add(statement[0] + ": " + statement[1] + "\n  -> " + e.getMessage());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    private static List<String[]> clients() throws IOException {
        List<String[]> statements = new ArrayList<>();
        Matcher block = FENCE.matcher(Files.readString(Path.of("docs/clients.md")));
        while (block.find()) {
            String text = block.group(2);
            if (block.group(1).equals("python")) {
                Matcher call = RUN_CYPHER.matcher(text);
                while (call.find()) {
                    StringBuilder joined = new StringBuilder();
                    Matcher literal = PY_LITERAL.matcher(call.group(1));
                    while (literal.find()) {
                        joined.append(literal.group(1));
                    }
                    statements.add(new String[] {"docs/clients.md (python)", joined.toString()});
                }
            }
            Matcher shell = SHELL_QUERY.matcher(text);
            while (shell.find()) {
                statements.add(new String[] {"docs/clients.md (cypher-shell)", shell.group(1)});
            }
        }
        Matcher js = JS_RUN.matcher(Files.readString(Path.of("docs/clients/train-and-predict.mjs")));
        while (js.find()) {
            String query = js.group(1) != null ? js.group(1) : js.group(2);
            if (!query.contains("${")) {
                statements.add(new String[] {"docs/clients/train-and-predict.mjs", query});
            }
        }
        return statements;
    }

    private static List<String[]> blocks(Path file) throws IOException {
        List<String[]> statements = new ArrayList<>();
        Matcher block = FENCE.matcher(Files.readString(file));
        while (block.find()) {
            String text = block.group(2);
            if (!block.group(1).isEmpty() || !CLAUSE.matcher(text).find() || SIGNATURE.matcher(text).find()) {
                continue;
            }
            for (String statement : text.split(";")) {
                if (!statement.isBlank()) {
                    statements.add(new String[] {file.toString(), statement.strip()});
                }
            }
        }
        return statements;
    }
}
