package org.graphsha.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code generate} and {@code bench-scale} in-process on a real embedded Neo4j, on a small graph. */
class GenerateCommandTest {

    @TempDir
    Path home;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        out.reset();
        err.reset();
        String[] argv = new String[args.length + 2];
        argv[0] = "--home";
        argv[1] = home.toString();
        System.arraycopy(args, 0, argv, 2, args.length);
        return Main.execute(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static final String[] SMALL = {"--nodes", "800", "--edges", "4000", "--classes", "5",
        "--imbalance-ratio", "10", "--features", "16", "--feature-signal", "0.5"};

    @Test
    void benchScaleBulkImportsProjectsTrainsAndPredicts() {
        String[] args = new String[SMALL.length + 3];
        args[0] = "bench-scale";
        args[1] = "--epochs";
        args[2] = "3";
        System.arraycopy(SMALL, 0, args, 3, SMALL.length);
        assertEquals(0, run(args), err::toString);
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("bulk import of :Paper nodes and :CITES relationships"), text);
        assertTrue(text.contains("800 nodes, 8000 relationships"), "projected undirected: " + text);
        for (String stage : new String[] {"generate", "start database", "project", "train graphsha", "train vanilla",
            "predict.write"}) {
            assertTrue(text.lines().anyMatch(l -> l.startsWith(stage + " ")), stage + " missing: " + text);
        }
        assertTrue(text.contains("1600 properties written"), "prediction and confidence for 800 nodes: " + text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("graphsha ")) && text.lines().anyMatch(l -> l.startsWith("vanilla ")),
            text);

        // The bulk path builds a new database, so a second run on the same home must say how to go on.
        String[] again = new String[SMALL.length + 1];
        again[0] = "generate";
        System.arraycopy(SMALL, 0, again, 1, SMALL.length);
        assertEquals(2, run(again));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--replace true"), err::toString);
    }

    @Test
    void badFlagsAreUsageErrorsThatNameTheFlag() {
        assertEquals(2, run("generate", "--homophily", "2"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--homophily"), err::toString);
        assertEquals(2, run("generate", "--write-mode", "fast"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("`fast` for --write-mode"), err::toString);
        assertEquals(2, run("bench-scale", "--epochs", "0"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--epochs"), err::toString);
        assertEquals(2, run("bench-scale", "--epoch", "5"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown flag --epoch"), err::toString);
    }
}
