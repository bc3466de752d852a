package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.training.loop.TimeBreakdown;
import org.graphsha.training.loop.TrainingResult;
import org.junit.jupiter.api.Test;

class BenchReportTest {

    private static TrainingResult run(double... recall) {
        Evaluation test = new Evaluation(0.5, 0.5, 0.5, recall, recall, new int[recall.length][recall.length]);
        return run(test);
    }

    private static TrainingResult run(Evaluation test) {
        return new TrainingResult(1, test, test, new int[0], new float[0], test.confusion().length, new double[] {1.0},
            new TimeBreakdown(0, 0, 1, 0, 0, 0), "cpu", 1, List.of(), -1);
    }

    /** A run scored on four test nodes, two of class 1, with class 1's probabilities {@code p1}. */
    private static TrainingResult twoClassRun(int[] predicted, double... p1) {
        double[][] p = new double[p1.length][];
        for (int i = 0; i < p1.length; i++) {
            p[i] = new double[] {1 - p1[i], p1[i]};
        }
        return run(Metrics.evaluate(new int[] {0, 0, 1, 1}, predicted, p, 2));
    }

    @Test
    void theMinorityClassGetsItsPrecisionF1AndForTwoClassesPrAuc() {
        // Three training labels of class 0, one of class 1: class 1 is the minority.
        GraphSnapshot g = new GraphSnapshot(new Csr(4, new int[5], new int[0]),
            new SparseFeatures(4, 0, new int[5], new int[0], new float[0]), new int[] {0, 0, 0, 1}, 2,
            new boolean[] {true, true, true, true}, new boolean[4], new boolean[4]);
        BenchOptions o = BenchOptions.parse(new String[] {"bench", "--dataset", "cora", "--setting", "lt", "--runs", "2"});
        // Run 1: class 1 predicted for nodes 1 (wrong) and 2 (right): precision 1/2, recall 1/2, F1 1/2. Ranked by
        // p1 = 0.8 (+), 0.7 (-), 0.3 (+), 0.1 (-): AP = 1/2·1 + 1/2·2/3 = 5/6. Run 2 is perfect: 1, 1, 1.
        BenchReport report = BenchReport.of(o, g, List.of(
            twoClassRun(new int[] {0, 1, 1, 0}, 0.1, 0.7, 0.8, 0.3),
            twoClassRun(new int[] {0, 0, 1, 1}, 0.1, 0.2, 0.9, 0.8)), new double[] {1, 1}, 0, new double[2]);

        assertEquals(1, report.minority().classIndex());
        assertEquals(75.0, report.minority().precision().mean(), 1e-9);
        assertEquals(Math.sqrt(2 * 25.0 * 25.0), report.minority().precision().std(), 1e-9);
        assertEquals(75.0, report.minority().f1().mean(), 1e-9);
        assertEquals((500.0 / 6 + 100) / 2, report.minority().prAuc().mean(), 1e-9);
        String table = report.toTable();
        assertTrue(table.contains(String.format(java.util.Locale.ROOT, "%-6s %8.2f %8.2f %10.2f%n", "minP", 75.0,
            Math.sqrt(1250.0), 25.0)), table);
        assertTrue(table.contains("PR-AUC    91.67"), table);
        assertTrue(table.contains("minority class 1 (fewest training labels)"), table);
        String json = report.toJson();
        assertTrue(json.contains("\"minorityClass\":1,\"minorityPrecision\":{\"mean\":75.0000,"), json);
        assertTrue(json.contains("\"prAuc\":{\"mean\":91.6667,"), json);
    }

    @Test
    void aClassWithoutTestNodesHasNoAccuracyRatherThanZero() {
        GraphSnapshot g = new GraphSnapshot(new Csr(1, new int[2], new int[0]),
            new SparseFeatures(1, 0, new int[2], new int[0], new float[0]), new int[] {0}, 3,
            new boolean[1], new boolean[1], new boolean[1]);
        BenchOptions o = BenchOptions.parse(new String[] {"bench", "--dataset", "cs", "--setting", "step", "--runs", "2"});
        BenchReport report = BenchReport.of(o, g,
            List.of(run(1.0, Double.NaN, 0.0), run(0.5, Double.NaN, Double.NaN)), new double[] {1, 1}, 0, new double[2]);

        assertEquals(75.0, report.perClassAccuracy()[0], 1e-9);
        assertTrue(Double.isNaN(report.perClassAccuracy()[1]));
        assertEquals(0.0, report.perClassAccuracy()[2], 1e-9, "a class found in no run it was tested on stays 0");
        assertTrue(report.toTable().contains("per-class test accuracy (class 0..2): 75.0 - 0.0"), report.toTable());
        assertTrue(report.toJson().contains("\"perClassAccuracy\":[75.0000,null,0.0000]"), report.toJson());
        assertFalse(report.toJson().contains("prAuc"), "three classes have no PR-AUC");
    }
}
