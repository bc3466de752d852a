package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.tools.generate.GeneratedGraph;
import org.graphsha.tools.generate.GeneratorSettings;
import org.graphsha.tools.generate.GraphGenerator;
import org.graphsha.graph.GraphSnapshot;
import org.junit.jupiter.api.Test;

class GeneratedSnapshotTest {

    @Test
    void snapshotKeepsTheGeneratedFeaturesClassesAndTimeSplit() {
        GeneratedGraph g = GraphGenerator.generate(
            new GeneratorSettings(2000, 9000, 16, 8, 20, 0.65, 2.5, 0.15, 0.537, 0.176, 7), f -> { });
        GraphSnapshot s = GeneratedSnapshot.of(g);
        assertEquals(2000, s.nodeCount());
        assertEquals(8, s.classCount());
        int train = 0;
        int val = 0;
        int test = 0;
        for (int i = 0; i < 2000; i++) {
            String split = g.split(i);
            assertEquals(split.equals("train"), s.trainMask()[i], "node " + i);
            assertEquals(split.equals("val"), s.valMask()[i], "node " + i);
            assertEquals(split.equals("test"), s.testMask()[i], "node " + i);
            train += s.trainMask()[i] ? 1 : 0;
            val += s.valMask()[i] ? 1 : 0;
            test += s.testMask()[i] ? 1 : 0;
        }
        assertEquals(2000, train + val + test);
        assertArrayEquals(g.features().row(17, g.classes()[17]), s.features().denseRow(17), 0f);
        assertArrayEquals(g.classes(), s.classes());
        // every generated relationship becomes one undirected pair: two adjacency entries
        assertEquals(2L * 9000, s.adjacency().entryCount());
    }
}
