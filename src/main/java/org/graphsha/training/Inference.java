package org.graphsha.training;

import java.util.List;
import org.graphsha.training.loop.FeatureMode;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.Backbone;
import org.graphsha.nn.EngineRuntime;
import org.graphsha.nn.FeatureInput;
import org.graphsha.nn.GraphTensors;
import org.graphsha.nn.HopBackbone;
import org.graphsha.nn.HopFeatures;
import org.graphsha.nn.HopOperator;
import org.graphsha.nn.HopRows;
import org.graphsha.nn.MessageGraph;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.ParameterSet;
import org.graphsha.nn.Tensor;
import org.graphsha.nn.Transfer;
import org.graphsha.numeric.Softmax;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * An eval-mode forward pass of a stored model on any graph with the same feature layout: the
 * inductive use, where the graph may hold nodes the model never saw.
 */
public final class Inference {

    private Inference() {}

    /** @return row-major N x C logits */
    public static float[] logits(ModelSpec spec, List<Tensor> parameters, GraphSnapshot graph,
                                 EngineRuntime runtime, FeatureMode featureMode) {
        Backbone model = Backbone.create(spec);
        if (model instanceof HopBackbone hop) {
            // The hop features are plain Java work: computed before the engine is taken.
            HopFeatures hops = HopFeatures.compute(HopOperator.of(graph.adjacency(), spec.gcnNormalization()),
                graph.features(), spec.hops(), runtime.threads());
            return runtime.exclusive(() -> {
                try (NDManager manager = runtime.newManager()) {
                    return HopRows.logits(hop, parameters, manager, hops, HopRows.DEFAULT_BATCH_ROWS);
                }
            });
        }
        return runtime.exclusive(() -> forward(model, spec, parameters, graph, runtime, featureMode));
    }

    private static float[] forward(Backbone model, ModelSpec spec, List<Tensor> parameters, GraphSnapshot graph,
                                   EngineRuntime runtime, FeatureMode featureMode) {
        try (NDManager manager = runtime.newManager()) {
            FeatureInput x = featureMode.sparseFor(graph.features())
                ? FeatureInput.sparse(manager, graph.features())
                : FeatureInput.dense(manager, graph.features());
            GraphTensors tensors = GraphTensors.build(manager, MessageGraph.of(graph.adjacency()), spec);
            NDList p = ParameterSet.of(parameters).toEngine(manager, false);
            return model.forward(p, x, null, tensors, null).toFloatArray();
        }
    }

    /** The first layer's X·W of each row of {@code features}: row-major rows x (the first weight's columns). */
    public static float[] firstLayer(List<Tensor> parameters, SparseFeatures features, EngineRuntime runtime,
                                     FeatureMode featureMode) {
        Tensor w = parameters.get(0);
        return runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                FeatureInput x = featureMode.sparseFor(features)
                    ? FeatureInput.sparse(manager, features)
                    : FeatureInput.dense(manager, features);
                return x.project(Transfer.floats(manager, w.data(), new Shape(w.shape())), null).toFloatArray();
            }
        });
    }

    /**
     * Logits of a graph given as message edges, e.g. a receptive field read from the database, from its
     * first layer's X·W rows.
     *
     * @param degrees    per node, the degree GCN normalises with (see {@link GraphTensors#build(NDManager,
     *                   MessageGraph, ModelSpec, int[])}), or null for the in-degrees of {@code graph}
     * @param projection row-major n x (the first weight's columns) X·W
     * @param rows       how many leading rows of logits to return
     */
    public static float[] logits(ModelSpec spec, List<Tensor> parameters, MessageGraph graph, int[] degrees,
                                 float[] projection, int rows, EngineRuntime runtime) {
        return projectedPass(spec, parameters, graph, degrees, projection, runtime,
            (model, p, x, tensors) -> leading(model.forward(p, x, null, tensors, null), rows, graph.nodeCount()));
    }

    /** Logits of the leading rows, and the activated layer-1 rows of the leading {@code keep} nodes. */
    public record Layers(float[] logits, float[] hidden) {}

    /**
     * As {@link #logits(ModelSpec, List, MessageGraph, int[], float[], int, EngineRuntime)}, one engine pass,
     * also returning the activated layer-1 rows of the first {@code keep} nodes.
     */
    public static Layers logitsAndHidden(ModelSpec spec, List<Tensor> parameters, MessageGraph graph, int[] degrees,
                                         float[] projection, int rows, int keep, EngineRuntime runtime) {
        int n = graph.nodeCount();
        return projectedPass(spec, parameters, graph, degrees, projection, runtime, (model, p, x, tensors) -> {
            NDArray h = Backbone.activate(model.hidden(p, x, null, tensors), null);
            return new Layers(leading(model.output(p, h, tensors), rows, n), leading(h, keep, n));
        });
    }

    /**
     * Layer 1 with its activation on the engine, for the leading {@code rows} nodes of a graph given as
     * message edges with its X·W rows (as {@link #logits(ModelSpec, List, MessageGraph, int[], float[], int,
     * EngineRuntime)}): row-major rows x hidden.
     */
    public static float[] hidden(ModelSpec spec, List<Tensor> parameters, MessageGraph graph, int[] degrees,
                                 float[] projection, int rows, EngineRuntime runtime) {
        return projectedPass(spec, parameters, graph, degrees, projection, runtime, (model, p, x, tensors) ->
            leading(Backbone.activate(model.hidden(p, x, null, tensors), null), rows, graph.nodeCount()));
    }

    /** What one engine pass computes from the model, its parameters, the given X·W and the graph's tensors. */
    private interface ProjectedPass<T> {
        T run(Backbone model, NDList parameters, FeatureInput x, GraphTensors tensors);
    }

    private static <T> T projectedPass(ModelSpec spec, List<Tensor> parameters, MessageGraph graph, int[] degrees,
                                       float[] projection, EngineRuntime runtime, ProjectedPass<T> pass) {
        Backbone model = Backbone.create(spec);
        int n = graph.nodeCount();
        return runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                // The first weight is not needed: X·W is given, and a projected input ignores it.
                NDList p = parameters(manager, parameters, true);
                NDArray xw = Transfer.floats(manager, projection, new Shape(n, projection.length / n));
                return pass.run(model, p, FeatureInput.projected(xw), GraphTensors.build(manager, graph, spec, degrees));
            }
        });
    }

    /** The leading {@code rows} of an n-row array, on the heap. */
    private static float[] leading(NDArray array, int rows, int n) {
        return (rows == n ? array : array.get("0:" + rows)).toFloatArray();
    }

    /**
     * Layer 2 on the engine from activated layer-1 rows of every node of a graph given as message edges:
     * logits of the leading {@code rows} nodes.
     */
    public static float[] output(ModelSpec spec, List<Tensor> parameters, MessageGraph graph, int[] degrees,
                                 float[] hidden, int rows, EngineRuntime runtime) {
        Backbone model = Backbone.create(spec);
        int n = graph.nodeCount();
        return runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                NDList p = parameters(manager, parameters, true);
                NDArray h = Transfer.floats(manager, hidden, new Shape(n, hidden.length / n));
                return leading(model.output(p, h, GraphTensors.build(manager, graph, spec, degrees)), rows, n);
            }
        });
    }

    /** The parameters on the engine; the first weight as a placeholder when X·W is given. */
    private static NDList parameters(NDManager manager, List<Tensor> parameters, boolean projected) {
        NDList p = new NDList(parameters.size());
        for (int k = 0; k < parameters.size(); k++) {
            Tensor t = parameters.get(k);
            p.add(k == 0 && projected ? Transfer.scalar(manager, 0f) : Transfer.floats(manager, t.data(), new Shape(t.shape())));
        }
        return p;
    }

    /** Softmax of each row, in double precision. */
    public static double[][] probabilities(float[] logits, int classes) {
        int n = logits.length / classes;
        double[][] probabilities = new double[n][classes];
        for (int i = 0; i < n; i++) {
            Softmax.row(logits, i * classes, classes, probabilities[i], 0);
        }
        return probabilities;
    }
}
