package org.graphsha.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code generate} and {@code bench-scale} in-process on a real embedded Neo4j, on a small graph. */
class GenerateCommandTest {

    @TempDir
    Path home;

    private CliSession cli;

    @BeforeEach
    void startSession() {
        cli = new CliSession(home);
    }

    private static final String[] SMALL = {"--nodes", "800", "--edges", "4000", "--classes", "5",
        "--imbalance-ratio", "10", "--features", "16", "--feature-signal", "0.5"};

    @Test
    void benchScaleBulkImportsProjectsTrainsAndPredicts() {
        // Train keys pass through to both models: here the decoupled backbone.
        String[] args = new String[SMALL.length + 5];
        args[0] = "bench-scale";
        args[1] = "--epochs";
        args[2] = "3";
        args[3] = "--backbone";
        args[4] = "sign";
        System.arraycopy(SMALL, 0, args, 5, SMALL.length);
        assertEquals(0, cli.run(args), cli::err);
        String text = cli.out();
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
        assertEquals(2, cli.run(again));
        assertTrue(cli.err().contains("--replace true"), cli::err);
    }

    @Test
    void badFlagsAreUsageErrorsThatNameTheFlag() {
        assertEquals(2, cli.run("generate", "--homophily", "2"));
        assertTrue(cli.err().contains("--homophily"), cli::err);
        assertEquals(2, cli.run("generate", "--write-mode", "fast"));
        assertTrue(cli.err().contains("`fast` for --write-mode"), cli::err);
        assertEquals(2, cli.run("bench-scale", "--epochs", "0"));
        assertTrue(cli.err().contains("--epochs"), cli::err);
        assertEquals(2, cli.run("bench-scale", "--epoch", "5"));
        assertTrue(cli.err().contains("epoch"), cli::err);
        assertTrue(!Files.exists(home.resolve("data")), "nothing generated for a refused key");
        assertEquals(2, cli.run("bench-scale", "--backbone", "mlp"));
        assertTrue(cli.err().contains("mlp"), cli::err);
        assertEquals(2, cli.run("bench-scale", "--maxSyntheticNodes", "100"));
        assertTrue(cli.err().contains("maxSyntheticNodes"), "vanilla refuses it, before anything runs: " + cli.err());
        assertEquals(2, cli.run("bench-scale", "--method", "tam"));
        assertTrue(cli.err().contains("--method is bench-scale's own"), cli::err);
    }
}
