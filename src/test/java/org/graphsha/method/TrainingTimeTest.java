package org.graphsha.method;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;
import org.junit.jupiter.api.Test;

class TrainingTimeTest {

    private static final TrainingTime.Shape SHAPE = new TrainingTime.Shape(10_000, 80_000, 16,
        new int[] {100, 10, 1}, new int[] {50, 5, 0});

    @Test
    void theProbeGraphKeepsTheShapeOfTheRealOne() {
        GraphSnapshot probe = TrainingTime.probeGraph(SHAPE, 1_000, 7);
        assertEquals(1_000, probe.nodeCount());
        // A tenth of each class, but at least the real count up to 2 training and 1 validation node.
        assertArrayEquals(new int[] {10, 2, 1}, probe.classCounts(Masks.indices(probe.trainMask())));
        assertArrayEquals(new int[] {5, 1, 0}, probe.classCounts(Masks.indices(probe.valMask())));
        assertEquals(1_000 - 13 - 6, Masks.indices(probe.testMask()).length);
        double meanDegree = probe.adjacency().entryCount() / 1_000.0;
        // 8 message edges per node; repeats and self pairs of the random draw are dropped.
        assertTrue(meanDegree > 7.8 && meanDegree <= 8, "mean degree " + meanDegree);
        assertEquals(16, probe.features().dimension());
        assertEquals(16_000, probe.features().nonZeros());
    }

    @Test
    void theProbeGraphIsTheSameForTheSameSeed() {
        GraphSnapshot a = TrainingTime.probeGraph(SHAPE, 1_000, 7);
        GraphSnapshot b = TrainingTime.probeGraph(SHAPE, 1_000, 7);
        assertArrayEquals(a.adjacency().neighbours(), b.adjacency().neighbours());
        assertArrayEquals(a.features().values(), b.features().values());
        assertArrayEquals(a.classes(), b.classes());
    }

    @Test
    void theFitRunsThroughBothPointsAndNeverFalls() {
        TrainingTime.Linear line = TrainingTime.Linear.through(1_000, 0.010, 3_000, 0.030);
        assertEquals(0.010, line.at(1_000), 1e-12);
        assertEquals(0.030, line.at(3_000), 1e-12);
        assertEquals(3.0, line.at(300_000), 1e-9);
        // A larger graph measured faster (noise) reads as the larger graph's time, not less.
        TrainingTime.Linear flat = TrainingTime.Linear.through(1_000, 0.012, 3_000, 0.010);
        assertEquals(0.010, flat.at(2_000_000), 1e-12);
    }
}
