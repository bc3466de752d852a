package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.SplittableRandom;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * A backbone's row forward against its engine forward, both from the same X·W rows, on a small graph with a
 * hub, a leaf and an isolated node, and with degrees larger than the in-degrees for some nodes, as a
 * receptive field cut out of a larger graph gives its frontier.
 */
final class RowForwardCheck {

    static final int FEATURES = 5;
    static final int CLASSES = 3;
    private static final int N = 9;
    /** Engine sums in float, rows in double: a few float ulps, relative to entries above 1. */
    private static final double TOLERANCE = 1e-6;

    private RowForwardCheck() {}

    static void assertRowsMatchEngine(ModelSpec spec, long seed) {
        Backbone backbone = spec.backbone();
        SplittableRandom random = new SplittableRandom(seed);
        List<Tensor> parameters = backbone.initialize(FEATURES, CLASSES, random).tensors();
        for (Tensor t : parameters) {
            for (int i = 0; i < t.data().length; i++) {
                t.data()[i] = (float) (random.nextDouble() * 2 - 1);
            }
        }
        int width = Math.toIntExact(backbone.projectionWidth());
        assertEquals(parameters.get(0).shape()[1], width, "projection width: the first weight's columns");
        float[] projection = new float[N * width];
        for (int i = 0; i < projection.length; i++) {
            projection[i] = (float) (random.nextDouble() * 2 - 1);
        }
        // Node 0 is a hub, 7 a leaf, 8 isolated.
        Csr csr = Csr.undirected(N, new EdgeList(new int[] {0, 0, 0, 0, 0, 1, 2, 3, 6},
            new int[] {1, 2, 3, 4, 5, 2, 6, 4, 7}), v -> true);
        MessageGraph graph = MessageGraph.of(csr);
        int[] degrees = graph.inDegrees();
        degrees[5] += 3;
        degrees[7] += 1;
        int[] offsets = new int[N + 1];
        for (int target : graph.targets()) {
            offsets[target + 1]++;
        }
        for (int v = 0; v < N; v++) {
            offsets[v + 1] += offsets[v];
        }
        FieldGraph field = new FieldGraph(N, offsets, graph.sources(), degrees);
        float[] rowHidden = backbone.hiddenRows(parameters, field, projection);
        float[] rowLogits = backbone.outputRows(parameters, field, rowHidden);

        Engines.engine();
        try (NDManager manager = Engines.newManager(Device.cpu())) {
            GraphTensors tensors = backbone.tensors(manager, graph, degrees);
            NDList p = ParameterSet.of(parameters).toEngine(manager, false);
            FeatureInput x = FeatureInput.projected(Transfer.floats(manager, projection, new Shape(N, width)));
            NDArray hidden = Backbone.activate(backbone.hidden(p, x, null, tensors), null);
            float[] engineHidden = hidden.toFloatArray();
            assertClose(engineHidden, rowHidden, "hidden");
            assertClose(backbone.output(p, hidden, tensors).toFloatArray(), rowLogits, "logits");
            NDArray fromRows = Transfer.floats(manager, rowHidden, new Shape(N, rowHidden.length / N));
            assertClose(backbone.output(p, fromRows, tensors).toFloatArray(),
                backbone.outputRows(parameters, field, rowHidden), "layer 2 alone");
        }
    }

    private static void assertClose(float[] engine, float[] rows, String what) {
        assertEquals(engine.length, rows.length, what + " size");
        for (int i = 0; i < engine.length; i++) {
            assertEquals(engine[i], rows[i], TOLERANCE * Math.max(1, Math.abs(engine[i])), what + " entry " + i);
        }
    }
}
