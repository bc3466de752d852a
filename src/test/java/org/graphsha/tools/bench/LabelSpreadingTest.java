package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;
import org.junit.jupiter.api.Test;

class LabelSpreadingTest {

    /**
     * A centre 0 with one branch 0-1-2 to a class-0 seed (2) and two identical branches 0-3-4 and 0-5-6 to class-1
     * seeds (4, 6); node 7 has no edge and no label.
     */
    private static final Csr GRAPH = Csr.undirected(8,
        new EdgeList(new int[] {0, 1, 0, 3, 0, 5}, new int[] {1, 2, 3, 4, 5, 6}), v -> true);
    private static final int[] CLASSES = {-1, -1, 0, -1, 1, -1, 1, -1};
    private static final boolean[] TRAIN = {false, false, true, false, true, false, true, false};

    @Test
    void eachClassSpreadsTheSameMassHoweverManyLabelsItHas() {
        double[] z = new LabelSpreading(GRAPH, CLASSES, TRAIN, 2).spread(0.8);
        // Unbalanced seeds would give the centre class 1 twice class 0's mass (1/3 against 2/3).
        assertEquals(0.5, z[0], 1e-9);
        assertEquals(0.5, z[1], 1e-9);
        // Each branch leans to its own seed's class.
        assertTrue(z[2 * 1] > 0.5, "node 1: " + z[2]);
        assertTrue(z[2 * 3 + 1] > 0.5, "node 3: " + z[7]);
    }

    @Test
    void reachedRowsSumToOneAndAnUnreachedNodeKeepsAZeroRow() {
        double[] z = new LabelSpreading(GRAPH, CLASSES, TRAIN, 2).spread(0.5);
        for (int v = 0; v < 7; v++) {
            assertEquals(1.0, z[2 * v] + z[2 * v + 1], 1e-12, "node " + v);
        }
        assertEquals(0.0, z[14]);
        assertEquals(0.0, z[15]);
    }

    @Test
    void alphaOutsideTheOpenUnitIntervalIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new LabelSpreading(GRAPH, CLASSES, TRAIN, 2).spread(1.0));
        assertTrue(e.getMessage().contains("alpha") && e.getMessage().contains("1.0"), e.getMessage());
    }

    @Test
    void blendsAreReadAsAlphaColonWeight() {
        assertEquals(List.of(new SpreadingComparison.Blend("spread a0.8 w0.25", 0.8, 0.25)),
            SpreadingComparison.parse("0.8:0.25"));
        for (String bad : new String[] {"0.8", "1:0.5", "0.8:1.5", "a:b"}) {
            BenchOptions.UsageException e = assertThrows(BenchOptions.UsageException.class,
                () -> SpreadingComparison.parse(bad));
            assertTrue(e.getMessage().contains("--label-spreading") && e.getMessage().contains("`" + bad + "`"),
                e.getMessage());
        }
    }
}
