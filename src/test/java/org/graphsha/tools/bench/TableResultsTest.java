package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two processes filling one results file: neither loses the other's runs. */
class TableResultsTest {

    private static final Map<String, String> CONFIG = Map.of("epochs", "900");
    private static final int[] COUNTS = {20, 1};

    @TempDir
    Path dir;

    private Path file;
    /** Two views of one file, both opened before either writes, as two processes would. */
    private TableResults first;
    private TableResults second;

    @BeforeEach
    void openTwoViews() {
        file = dir.resolve("step.json");
        first = TableResults.open(file);
        second = TableResults.open(file);
    }

    private static TableResults.Run run(long seed) {
        return new TableResults.Run(seed, 80, 70, 60, new Double[] {90.0, 50.0}, new int[][] {{9, 1}, {1, 1}},
            12, 3.5, 4.0, "cpu", "2026-11-26T00:00:00Z");
    }

    private static List<Long> seeds(TableResults results, String method) {
        return results.find("sage", method, "computers", 20.0).orElseThrow().runs().stream()
            .map(TableResults.Run::seed).sorted().toList();
    }

    @Test
    void aWriterWithAnOlderViewKeepsTheRunsAnotherSavedSince() {
        first.add("sage", "upsample", "computers", 20.0, CONFIG, COUNTS, run(100));
        second.add("sage", "graphSmote", "computers", 20.0, CONFIG, COUNTS, run(105));
        first.add("sage", "upsample", "computers", 20.0, CONFIG, COUNTS, run(101));
        second.add("sage", "upsample", "computers", 20.0, CONFIG, COUNTS, run(102));

        TableResults onDisk = TableResults.open(file);
        assertEquals(List.of(100L, 101L, 102L), seeds(onDisk, "upsample"));
        assertEquals(List.of(105L), seeds(onDisk, "graphSmote"));
        assertEquals(List.of(100L, 101L, 102L), seeds(second, "upsample"), "the writer's own view is refreshed too");
        assertTrue(dir.resolve(".step.json.lock").toFile().isFile(), "the lock lives in a hidden sibling file");
    }

    @Test
    void aRunOfAnotherConfigurationSavedMeanwhileIsNotMixedWithThisOne() {
        first.add("sage", "upsample", "computers", 20.0, CONFIG, COUNTS, run(100));
        IllegalStateException e = assertThrows(IllegalStateException.class, () ->
            second.add("sage", "upsample", "computers", 20.0, Map.of("epochs", "3"), COUNTS, run(101)));
        assertTrue(e.getMessage().contains("epochs stored 900, now 3"), e.getMessage());
        assertEquals(List.of(100L), seeds(TableResults.open(file), "upsample"));
    }
}
