package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.MeanNodeBatch;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.api.Test;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/** Mean nodes (BAT's virtual class nodes) follow the synthetic nodes in the message graph and the mixed feature rows. */
class MeanNodeRowsTest {

    /** Three nodes on a path 0-1-2, one synthetic node (3) joined to 0, two mean nodes (4, 5). */
    private static final Csr PATH = Csr.undirected(3, new EdgeList(new int[] {0, 1}, new int[] {1, 2}), v -> true);
    private static final SyntheticBatch ONE = new SyntheticBatch(new int[] {0}, new int[] {2}, new float[] {0.25f},
        new int[] {1}, new int[] {0}, new int[] {3});
    private static final MeanNodeBatch MEAN_NODES = new MeanNodeBatch(new int[] {0, 1}, new int[] {0, 2, 3},
        new int[] {0, 1, 2}, new int[] {2, 0}, new int[] {0, 1});

    @Test
    void eachLinkBecomesAnEdgeEachWayAfterTheSyntheticEdges() {
        MessageGraph g = MessageGraph.augmented(PATH, ONE, MEAN_NODES);
        assertEquals(6, g.nodeCount());
        MessageGraph plain = MessageGraph.augmented(PATH, ONE);
        int e = plain.edgeCount();
        assertArrayEquals(plain.sources(), java.util.Arrays.copyOf(g.sources(), e));
        assertArrayEquals(new int[] {2, 4, 0, 5}, java.util.Arrays.copyOfRange(g.sources(), e, e + 4));
        assertArrayEquals(new int[] {4, 2, 5, 0}, java.util.Arrays.copyOfRange(g.targets(), e, e + 4));
    }

    @Test
    void meanNodeRowsAreTheMeansOfTheirMembers() {
        SparseFeatures f = new SparseFeatures(3, 2, new int[] {0, 2, 3, 4}, new int[] {0, 1, 0, 1},
            new float[] {1, 2, 3, 4});
        float[] mixed = Engines.runtime(Engines.DeviceChoice.CPU, 1).exclusive(() -> {
            try (NDManager m = Engines.newManager(Device.cpu())) {
                FeatureInput x = FeatureInput.dense(m, f);
                return x.project(Transfer.floats(m, new float[] {1, 0, 0, 1}, new Shape(2, 2)), x.mixing(m, ONE, MEAN_NODES))
                    .toFloatArray();
            }
        });
        // Rows: x0 = (1, 2), x1 = (3, 0), x2 = (0, 4); synthetic 0.25·x0 + 0.75·x2; mean nodes (x0 + x1) / 2 and x2.
        assertArrayEquals(new float[] {1, 2, 3, 0, 0, 4, 0.25f, 3.5f, 2, 1, 0, 4}, mixed, 1e-6f);
    }
}
