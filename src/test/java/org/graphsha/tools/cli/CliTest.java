package org.graphsha.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the CLI in-process on a real embedded Neo4j, as {@code ./graphsha} does. */
class CliTest {

    @TempDir
    Path home;

    private CliSession cli;

    @BeforeEach
    void startSession() {
        cli = new CliSession(home);
    }

    /** The story is the same at any epoch count; a few epochs tell it without two full trainings. */
    @Test
    void demoTellsTheWholeCoraLongTailedStory() {
        assertEquals(0, cli.run("demo", "--epochs", "20"), cli::err);
        String text = cli.out();
        assertEquals(2, text.split("overwrite: true, epochs: 20}\\)", -1).length - 1, "both training calls: " + text);
        assertTrue(text.contains("cora      | 2708      | 10556"), text);
        String split = text.substring(text.indexOf("== 2."), text.indexOf("== 3."));
        List<String> trainCounts = split.lines().filter(l -> l.matches("^[0-6]\\s+\\|.*"))
            .map(l -> l.split("\\|")[1].strip()).toList();
        assertEquals(List.of("34", "7", "158", "341", "73", "15", "3"), trainCounts);
        String metrics = text.substring(text.indexOf("== 6."), text.indexOf("== 7."));
        assertTrue(metrics.contains("cora-vanilla") && metrics.contains("cora-graphsha"), metrics);
        assertTrue(text.contains("Demo finished"), text);
    }

    @Test
    void cypherRunsAFileOfStatementsAndFailsWithTheMessage() throws Exception {
        Path script = home.resolve("script.cypher");
        Files.writeString(script, "CREATE (:T {name: 'a;b'});\n// a comment; with a semicolon\n"
            + "MATCH (t:T) RETURN t.name AS name, [1.5, 2] AS list;\n");
        assertEquals(0, cli.run("cypher", "-f", script.toString()), cli::err);
        String text = cli.out();
        assertTrue(text.contains("name | list"), text);
        assertTrue(text.contains("a;b  | [1.5, 2]"), text);

        assertEquals(1, cli.run("cypher", "CALL graphsha.dataset.load('nope')"));
        assertTrue(cli.err().contains("Unknown dataset `nope`"), cli.err());
    }

    /** A user's settings in DIR/conf/neo4j.conf reach the embedded database; the commands' own settings stay. */
    @Test
    void theHomesNeo4jConfSetsTheEmbeddedDatabase() throws Exception {
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf").resolve("neo4j.conf"),
            "db.transaction.timeout=17s\ndbms.security.procedures.unrestricted=none.*\n");
        // One start of the database for both: the file's setting, and GDS still allowed despite the file's list.
        assertEquals(0, cli.run("cypher", "CALL dbms.listConfig('db.transaction.timeout') YIELD value RETURN value; "
            + "CALL gds.graph.list() YIELD graphName RETURN count(*) AS graphs"), cli::err);
        assertTrue(cli.out().contains("17s"), cli.out());
        assertTrue(cli.out().contains("graphs"), cli.out());
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertEquals(2, cli.run("frobnicate"));
        assertTrue(cli.err().contains("unknown command `frobnicate`"), cli.err());
        assertEquals(2, cli.run("demo", "--epoch", "5"));
        assertTrue(cli.err().contains("unknown flag --epoch; known flags: --epochs"), cli.err());
        assertEquals(0, cli.run("help"));
        assertTrue(cli.out().contains("demo"));
    }

    @Test
    void splitsStatementsOutsideQuotes() {
        assertEquals(List.of("RETURN ';' AS a", "RETURN `x;y` AS b"),
            CypherRunner.statements("RETURN ';' AS a;\nRETURN `x;y` AS b;\n"));
    }
}
