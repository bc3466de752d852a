package org.graphsha.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.graphsha.testing.PluginServerMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Installs graphsha the way a server does: a fresh JVM whose classpath holds Neo4j and GDS only, and
 * whose plugins directory holds exactly the jars that the build put into plugins/ (plus GDS's own
 * jars, as a server's plugins directory holds the GDS jar). This catches class-loader and
 * native-library problems that tests on the test classpath hide.
 */
class PluginsDirectoryTest {

    @TempDir
    Path work;

    @Test
    void loadsSplitsTrainsAndPredictsThroughThePluginJars() throws Exception {
        List<String> output = runServer(
            "SHOW PROCEDURES YIELD name WHERE name STARTS WITH 'graphsha.' RETURN count(*) AS graphshaProcedures",
            "CALL graphsha.dataset.load('cora') YIELD nodeCount RETURN nodeCount",
            "CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES'}) YIELD train "
                + "RETURN sum(train) AS train",
            "CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['features', 'class']}) YIELD relationshipCount RETURN relationshipCount",
            "CALL graphsha.train('cora', {modelName: 'installed', splitProperty: 'split', epochs: 20}) "
                + "YIELD modelInfo RETURN modelInfo.method AS method, size(modelInfo.classes) AS classes",
            "CALL graphsha.predict.write('cora', {modelName: 'installed', writeProperty: 'predicted'}) "
                + "YIELD nodePropertiesWritten RETURN nodePropertiesWritten");
        assertEquals("DONE", output.get(output.size() - 1), String.join("\n", output));
        assertTrue(output.contains("ROW nodeCount=2708"), String.join("\n", output));
        assertTrue(output.contains("ROW train=631"), String.join("\n", output));
        assertTrue(output.contains("ROW relationshipCount=10556"), String.join("\n", output));
        assertTrue(output.contains("ROW classes=7 method=graphsha"), String.join("\n", output));
        assertTrue(output.contains("ROW nodePropertiesWritten=2708"), String.join("\n", output));
    }

    private List<String> runServer(String... statements) throws IOException, InterruptedException {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        List<Path> built = jars(Path.of("plugins"));
        assertTrue(built.stream().anyMatch(p -> p.getFileName().toString().startsWith("graphsha-")),
            "plugins/ holds no graphsha jar; it is built in the process-classes phase");
        for (Path jar : built) {
            Files.copy(jar, plugins.resolve(jar.getFileName()));
        }
        List<String> serverClasspath = new ArrayList<>();
        serverClasspath.add(Path.of("target", "test-classes").toAbsolutePath().toString());
        for (String entry : Files.readString(Path.of("target", "launcher-provided.classpath")).strip().split(File.pathSeparator)) {
            serverClasspath.add(entry);
            if (entry.contains("/org/neo4j/gds/")) {
                Path jar = Path.of(entry);
                Files.copy(jar, plugins.resolve(jar.getFileName()));
            }
        }
        List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx2g",
            "-cp", String.join(File.pathSeparator, serverClasspath),
            PluginServerMain.class.getName(), work.resolve("home").toString(), plugins.toString()));
        command.addAll(Arrays.asList(statements));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(work.resolve("server.log").toFile()).start();
        assertTrue(process.waitFor(10, TimeUnit.MINUTES), "the plugin server did not finish");
        return Files.readAllLines(work.resolve("server.log"), StandardCharsets.UTF_8).stream()
            .filter(line -> line.startsWith("ROW ") || line.equals("DONE") || line.startsWith("ERROR ")).toList();
    }

    private static List<Path> jars(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }
}
