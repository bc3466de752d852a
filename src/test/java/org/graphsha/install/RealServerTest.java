package org.graphsha.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.graphsha.testing.RealNeo4jServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.neo4j.driver.Driver;
import org.neo4j.driver.Record;
import org.neo4j.driver.Session;
import org.neo4j.driver.exceptions.AuthenticationException;

/**
 * graphsha on a real Neo4j server, installed as docs/install.md says: a server process
 * ({@code org.neo4j.server.CommunityEntryPoint}, classpath {@code plugins/*:conf/*:lib/*}) whose
 * {@code lib/} holds Neo4j's jars only and whose {@code plugins/} holds GDS and exactly the jars of the
 * release archive this build wrote (each checked by size and CRC-32 against plugins/, whose files it links),
 * authentication on, Bolt only. Through the Java driver it loads Cora,
 * splits, projects, trains, predicts and lists the model, which lands in the folder that
 * {@code dbms.graphsha.models_directory} names, and stops the server gracefully. The server may log no
 * warning or error that comes from graphsha's jars. That a model in that folder survives a restart is
 * ModelPersistenceTest's, on an embedded database that reads the same setting from its neo4j.conf.
 */
class RealServerTest {

    private static final Path ROOT = Path.of("target", "real-server").toAbsolutePath();
    private static final String PASSWORD = "graphsha-test-password";
    private static final Duration START = Duration.ofMinutes(3);
    private static final Duration STOP = Duration.ofMinutes(2);

    private static RealNeo4jServer server;

    @AfterAll
    static void killServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void installsTrainsPredictsAndStoresTheModelWhereTheSettingSays() throws Exception {
        long begin = System.nanoTime();
        Path archive = RealNeo4jServer.releaseArchive();
        List<Path> built = RealNeo4jServer.archivedPluginsAsIn(archive, Path.of("plugins").toAbsolutePath());
        assertTrue(built.stream().anyMatch(p -> p.getFileName().toString().startsWith("graphsha-")),
            "the release archive holds no graphsha jar");
        assertTrue(RealNeo4jServer.archivedText(archive, "README.md").contains("Graph Data Science | 2.13.9"),
            "the archive's README does not name the GDS version it was tested with");
        List<Path> pluginJars = new ArrayList<>(RealNeo4jServer.gdsJars(ROOT));
        pluginJars.addAll(built);
        Path models = ROOT.resolve("models");
        deleteModels(models);
        try {
            server = RealNeo4jServer.install(ROOT, pluginJars, Map.of(
                "dbms.security.procedures.unrestricted", "gds.*,graphsha.*",
                "dbms.graphsha.models_directory", models.toString()), PASSWORD);
            step("installed", begin);

            server.start(START);
            step("started", begin);
            try (Driver driver = server.driver(); Session session = driver.session()) {
                try (Driver intruder = server.driver("not-the-password")) {
                    assertThrows(AuthenticationException.class, intruder::verifyConnectivity, "authentication is off");
                }
                List<String> procedures = session.run("SHOW PROCEDURES YIELD name WHERE name STARTS WITH 'graphsha.' "
                    + "RETURN collect(name) AS names").single().get("names").asList(org.neo4j.driver.Value::asString);
                assertTrue(procedures.containsAll(List.of("graphsha.dataset.load", "graphsha.split.longTailed",
                    "graphsha.train", "graphsha.predict.write", "graphsha.model.list")), procedures.toString());

                // The installation check, before anything is written: the plugin's function and procedure load from
                // the jar, the versions are the tested ones and PyTorch's natives start in the server's JVM.
                assertTrue(one(session, "RETURN graphsha.version() AS version").get("version").asString()
                    .matches("\\d+\\.\\d+\\.\\d+.*"));
                Map<String, Object> sysInfo = new java.util.HashMap<>();
                session.run("CALL graphsha.debug.sysInfo() YIELD key, value RETURN key, value").list()
                    .forEach(r -> sysInfo.put(r.get("key").asString(), r.get("value").asObject()));
                assertEquals(true, sysInfo.get("versionsAsTested"), sysInfo.toString());
                assertEquals(true, sysInfo.get("engineLoaded"), sysInfo.toString());
                assertEquals(true, sysInfo.get("modelsDirectoryWritable"), sysInfo.toString());
                step("checked", begin);

                assertEquals(2708, one(session, "CALL graphsha.dataset.load('cora') YIELD nodeCount "
                    + "RETURN nodeCount").get("nodeCount").asLong());
                step("loaded", begin);
                assertEquals(631, one(session, "CALL graphsha.split.longTailed({nodeLabel: 'Paper', "
                    + "relationshipType: 'CITES'}) YIELD train RETURN sum(train) AS train").get("train").asLong());
                step("split", begin);
                assertEquals(10556, project(session));
                step("projected", begin);

                Record trained = one(session, "CALL graphsha.train('cora', {modelName: 'installed', "
                    + "splitProperty: 'split', epochs: 20}) YIELD modelInfo "
                    + "RETURN modelInfo.method AS method, size(modelInfo.classes) AS classes");
                assertEquals("graphsha", trained.get("method").asString());
                assertEquals(7, trained.get("classes").asLong());
                step("trained", begin);

                assertEquals(2708, one(session, "CALL graphsha.predict.write('cora', {modelName: 'installed', "
                    + "writeProperty: 'predicted'}) YIELD nodePropertiesWritten RETURN nodePropertiesWritten")
                    .get("nodePropertiesWritten").asLong());
                assertEquals(2708, one(session, "MATCH (p:Paper) WHERE p.predicted IS NOT NULL RETURN count(*) AS n")
                    .get("n").asLong());
                assertTrue(procedures.contains("graphsha.predict.mutate"), "procedures: " + procedures);
                assertEquals(2708, one(session, "CALL graphsha.predict.mutate('cora', {modelName: 'installed', "
                    + "mutateProperty: 'predictedClass'}) YIELD nodePropertiesWritten RETURN nodePropertiesWritten")
                    .get("nodePropertiesWritten").asLong());
                assertEquals(2708, one(session, "CALL gds.graph.nodeProperty.stream('cora', 'predictedClass') "
                    + "YIELD nodeId RETURN count(*) AS n").get("n").asLong());
                assertEquals(List.of("installed"), listedModels(session));
                step("predicted and listed", begin);
            }
            // Authentication is on, so the model belongs to the user who trained it (docs/procedures.md).
            assertTrue(Files.isRegularFile(models.resolve("users").resolve("neo4j").resolve("installed.graphsha-model")),
                "no model file of user neo4j in dbms.graphsha.models_directory " + models + ": " + listing(models));
            assertFalse(Files.exists(server.home().resolve("data").resolve("graphsha")),
                "the model went to the default folder under the data directory");

            server.stop(STOP);
            step("stopped", begin);
        } finally {
            // Ends a server that an earlier failure left running; after the graceful stop there is none.
            if (server != null) {
                server.close();
            }
        }
        assertNoNoiseFromGraphsha(built);
    }

    private static long project(Session session) {
        return one(session, "CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['features', 'class']}) YIELD relationshipCount RETURN relationshipCount")
            .get("relationshipCount").asLong();
    }

    private static List<String> listedModels(Session session) {
        return session.run("CALL graphsha.model.list() YIELD modelName RETURN modelName ORDER BY modelName").list()
            .stream().map(r -> r.get("modelName").asString()).toList();
    }

    private static Record one(Session session, String cypher) {
        return session.run(cypher).single();
    }

    /**
     * Every WARN or ERROR entry (with its stack trace) of debug.log, neo4j.log and the console output of
     * the server run that names graphsha, DJL, PyTorch, gson, commons-compress, commons-codec or one of
     * plugins/' jars. The project folder is masked first, so that a checkout named graphsha does not count.
     */
    private static void assertNoNoiseFromGraphsha(List<Path> built) throws IOException {
        List<String> tokens = new ArrayList<>(List.of("graphsha", "djl", "pytorch", "gson", "commons-compress",
            "commons.compress", "commons-codec", "commons.codec", "error_prone", "errorprone"));
        built.forEach(jar -> tokens.add(jar.getFileName().toString().toLowerCase(Locale.ROOT)));
        String project = Path.of("").toAbsolutePath().toString();
        List<String> noise = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (Path file : server.logFiles()) {
            for (String entry : warningsAndErrors(Files.readAllLines(file, StandardCharsets.UTF_8))) {
                String masked = entry.replace(project, "<project>").toLowerCase(Locale.ROOT);
                String labelled = file.getFileName() + ": " + entry;
                (tokens.stream().anyMatch(masked::contains) ? noise : others).add(labelled);
            }
        }
        if (!others.isEmpty()) {
            System.out.println("RealServerTest: warnings and errors not from graphsha's jars (" + others.size() + "):");
            others.stream().limit(30).forEach(e -> System.out.println("  " + e.lines().findFirst().orElse("")));
        }
        assertTrue(noise.isEmpty(), "the server logged warnings or errors from graphsha's jars:\n"
            + String.join("\n", noise));
    }

    /** Neo4j's log lines: a timestamp, then the level. */
    private static final Pattern NEO4J_LINE = Pattern.compile("^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\S* +(\\w+) ");
    /** Any other line (the JVM's or a library's own printing) with a level word. */
    private static final Pattern LEVEL = Pattern.compile("(^|\\s|\\[)(WARN|WARNING|ERROR|SEVERE|FATAL)(\\s|:|\\]|$)");

    /** Entries whose first line has a WARN/ERROR level, each with its continuation lines. */
    static List<String> warningsAndErrors(List<String> lines) {
        List<String> entries = new ArrayList<>();
        StringBuilder current = null;
        for (String line : lines) {
            boolean continuation = !line.isEmpty() && (Character.isWhitespace(line.charAt(0))
                || line.startsWith("Caused by") || line.startsWith("Suppressed") || line.startsWith("..."));
            if (continuation && current != null) {
                current.append('\n').append(line);
                continue;
            }
            if (current != null) {
                entries.add(current.toString());
                current = null;
            }
            if (!continuation && isWarningOrError(line)) {
                current = new StringBuilder(line);
            }
        }
        if (current != null) {
            entries.add(current.toString());
        }
        return entries;
    }

    private static boolean isWarningOrError(String line) {
        var neo4j = NEO4J_LINE.matcher(line);
        if (neo4j.find()) {
            return !List.of("DEBUG", "INFO", "TRACE").contains(neo4j.group(1));
        }
        return LEVEL.matcher(line).find() || line.startsWith("Exception in thread");
    }

    private static void deleteModels(Path models) throws IOException {
        if (Files.isDirectory(models)) {
            try (var files = Files.walk(models)) {
                for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    if (!file.equals(models)) {
                        Files.delete(file);
                    }
                }
            }
        }
    }

    private static String listing(Path folder) {
        try (var files = Files.walk(folder)) {
            return files.map(p -> folder.relativize(p).toString()).toList().toString();
        } catch (IOException e) {
            return "(" + e + ")";
        }
    }

    private static void step(String what, long begin) {
        System.out.printf(Locale.ROOT, "RealServerTest: %s after %.1f s%n", what, (System.nanoTime() - begin) / 1e9);
    }
}
