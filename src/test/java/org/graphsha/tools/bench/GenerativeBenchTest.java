package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The bench runs GraphENS and both TAM variants end to end on Cora-LT (bundled), a few epochs. */
class GenerativeBenchTest {

    @ParameterizedTest
    @ValueSource(strings = {"graphEns", "tam", "tamRenode"})
    void benchRunsTheMethod(String method) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String[] args = ("bench --dataset cora --setting lt --backbone gcn --method " + method + " --runs 1 --epochs 8")
            .split(" ");
        int code = BenchCommand.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, out);
        assertTrue(out.contains("cora-LT gcn " + method + ": 1 runs"), out);
        assertTrue(out.contains("Acc "), out);
    }
}
