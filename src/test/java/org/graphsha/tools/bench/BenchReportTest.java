package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.training.TimeBreakdown;
import org.graphsha.training.TrainingResult;
import org.junit.jupiter.api.Test;

class BenchReportTest {

    private static TrainingResult run(double... recall) {
        Evaluation test = new Evaluation(0.5, 0.5, 0.5, recall, recall, new int[0][0]);
        return new TrainingResult(1, test, test, new int[0], new float[0], recall.length, new double[] {1.0},
            new TimeBreakdown(0, 0, 1, 0, 0, 0), "cpu", 1, List.of());
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
    }
}
