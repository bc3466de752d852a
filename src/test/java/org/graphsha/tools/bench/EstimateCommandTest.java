package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** {@code ./graphsha estimate}: the train estimate of a graph that does not exist yet. */
class EstimateCommandTest {

    private static String run(int expectedStatus, String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status = EstimateCommand.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(expectedStatus, status, out);
        return out;
    }

    @Test
    void theDecoupledBackboneFitsWhereTheFullBatchOneDoesNot() {
        String sign = run(0, "--nodes", "10000000", "--relationships", "1000000000", "--features", "256",
            "--classes", "50", "--backbone", "sign", "--maxSyntheticNodes", "100000");
        assertTrue(sign.contains("at most 100,000 synthetic nodes per epoch") && sign.contains("hopFeatures"), sign);
        String gcn = run(0, "--nodes", "10000000", "--relationships", "1000000000", "--features", "256",
            "--classes", "50", "--backbone", "gcn");
        assertTrue(gcn.contains("fits 256 GiB: no"), gcn);
        assertTrue(bytes(sign) < bytes(gcn), sign + gcn);
        String small = run(0, "--nodes", "3000", "--relationships", "20000", "--features", "16", "--classes", "3");
        assertTrue(small.contains("fits 24 GiB: yes"), small);
        assertTrue(!small.contains("expected time"), "only with --time true: " + small);
    }

    @Test
    void withTimeItPrintsTheExpectedTrainingTime() {
        String timed = run(0, "--nodes", "3000", "--relationships", "20000", "--features", "16", "--classes", "3",
            "--method", "vanilla", "--hiddenSize", "16", "--epochs", "50", "--time", "true");
        assertTrue(timed.matches("(?s).*expected time on this machine: [0-9]+ (s|min [0-9]+ s|h [0-9]{2} min) "
            + "\\(pre-processing 0\\.0 s, then 1 training\\(s\\) of 50 epochs at [0-9.]+ s per epoch\\).*"), timed);
    }

    @Test
    void badInputNamesTheKey() {
        String key = run(1, "--backbone", "mlp");
        assertTrue(key.contains("backbone") && key.contains("mlp"), key);
        String pair = run(2, "--nodes");
        assertTrue(pair.contains("--FLAG VALUE"), pair);
        String time = run(1, "--time", "maybe");
        assertTrue(time.contains("invalid value `maybe` for --time: expected true or false"), time);
    }

    /** The estimate's upper bound as the first line of the tree gives it, in GiB. */
    private static double bytes(String out) {
        String line = out.lines().filter(l -> l.startsWith("Memory Estimation: ")).findFirst().orElseThrow();
        String[] words = line.split(" ");
        double value = Double.parseDouble(words[words.length - 2]);
        return words[words.length - 1].equals("GiB") ? value * 1024 : value;
    }
}
