package org.graphsha.tools.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.graphsha.testing.TestNeo4j;
import org.graphsha.tools.generate.Flags;
import org.graphsha.tools.generate.UserGraph;
import org.graphsha.tools.generate.UserGraphSettings;
import org.graphsha.tools.importer.GeneratedGraphWriter;
import org.graphsha.tools.importer.GraphRecords;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example script in cypher/ runs, in file-name order, against the harness without an error. The
 * user-graph script finds a small user-shaped graph where {@code ./graphsha generate --shape user} puts it.
 */
class CypherScriptsTest {

    @BeforeAll
    static void clean() {
        TestNeo4j.reset();
        UserGraph user = UserGraph.generate(UserGraphSettings.parse(new Flags(List.of("--user-nodes", "600",
            "--user-class-ratio", "10", "--user-rarest-labels", "8"))));
        new GeneratedGraphWriter(TestNeo4j.db(), GraphShape.USER.label, GraphShape.USER.relationshipType, 10_000)
            .write(GraphRecords.user(user), f -> { });
    }

    static Stream<Path> scripts() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(Path.of("cypher"))) {
            files = listing.filter(p -> p.toString().endsWith(".cypher")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no example scripts found in cypher/");
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scripts")
    void runs(Path script) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CypherRunner runner = new CypherRunner(TestNeo4j.db(), new PrintStream(out, true, StandardCharsets.UTF_8));
        for (String statement : CypherRunner.statements(Files.readString(script))) {
            runner.run(statement);
        }
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("row"), "the script printed no result table");
    }
}
