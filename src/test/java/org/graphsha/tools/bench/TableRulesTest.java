package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The rules behind the tables and plots, on hand-made numbers. */
class TableRulesTest {

    @Test
    void minorClassesHaveFewerTrainingNodesThanTheMean() {
        // Cora-LT: mean 90.1, so classes 2 (158) and 3 (341) are the major ones.
        assertArrayEquals(new boolean[] {true, true, false, false, true, true, true},
            TablePlots.minorClasses(new int[] {34, 7, 158, 341, 73, 15, 3}));
    }

    @Test
    void misclassifiedNodesAreCountedByThePredictedClassGroup() {
        boolean[] minor = {true, false, false};
        int[][] confusion = {
            {5, 2, 1},   // truth minor 0: 3 wrong, all predicted major
            {4, 9, 3},   // truth major 1: 4 predicted minor, 3 predicted major
            {0, 6, 7},
        };
        TableResults.Run run = new TableResults.Run(1, 0, 0, 0, new Double[3], confusion, 0, 1, 1, "cpu", "now");
        assertArrayEquals(new long[] {4, 2 + 1 + 3 + 6}, TablePlots.misclassifiedByPredictedGroup(List.of(run), minor));
        assertArrayEquals(new long[] {8, 24}, TablePlots.misclassifiedByPredictedGroup(List.of(run, run), minor));
    }

    @Test
    void methodsComeFromTheTrainMethodRegistryInThePapersOrder() {
        List<String> all = BenchMethods.all();
        assertEquals("vanilla", all.get(0));
        assertEquals("graphsha", all.get(all.size() - 1));
        assertTrue(all.indexOf("reNode") < all.indexOf("upsample"));
        assertEquals(org.graphsha.method.Method.values().length, all.size());
    }

    @Test
    void aTableDefaultsToThePapersRowsAndTakesOtherMethodsOnRequest() {
        List<String> lt = TableOptions.parse(new String[] {"--table", "lt"}).methods();
        assertEquals(PaperValues.get().paperOrder(), lt);
        assertFalse(lt.contains("tamRenode"), lt.toString());
        assertEquals(List.of("tamRenode", "graphsha"),
            TableOptions.parse(new String[] {"--table", "step", "--methods", "tamRenode,graphsha"}).methods());
    }

    @Test
    void paperValuesAreThoseOfTheSpec() {
        assertEquals("79.90±0.29", PaperValues.get().find("lt", "gcn", "graphsha", "cora").orElseThrow().acc());
        assertEquals("83.33±0.45", PaperValues.get().find("step", "gcn", "graphsha", "cs").orElseThrow().f1());
        assertEquals("TAM (G-ENS)", PaperValues.get().label("tam"));
        assertEquals(11, PaperValues.get().paperOrder().size());
    }

    @Test
    void configurationsDifferOnlyInKeysBothSidesKnow(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        TableResults results = TableResults.open(dir.resolve("lt.json"));
        TableResults.Run run = new TableResults.Run(100, 1, 1, 1, new Double[1], new int[][] {{1}}, 0, 1, 1, "cpu", "t");
        results.add("gcn", "vanilla", "cora", 100, Map.of("epochs", "3"), new int[] {1}, run);
        // a key the stored cell predates is not a difference
        results.requireSameConfig("gcn", "vanilla", "cora", 100, Map.of("epochs", "3", "newKey", "x"));
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
            () -> results.requireSameConfig("gcn", "vanilla", "cora", 100, Map.of("epochs", "900")));
        assertTrue(e.getMessage().contains("epochs stored 3, now 900"), e.getMessage());
        assertEquals(1, TableResults.open(dir.resolve("lt.json")).cells().size(), "saved at once");
    }

    @Test
    void svgTextIsEscaped() {
        assertEquals("a &lt;b&gt; &amp; &quot;c&quot;", SvgChart.escape("a <b> & \"c\""));
    }
}
