package org.graphsha.training;

import java.util.List;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.Backbone;
import org.graphsha.nn.EngineRuntime;
import org.graphsha.nn.FeatureInput;
import org.graphsha.nn.GraphTensors;
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

    /** Logits of the leading rows of a graph, and the first-layer rows it had to compute. */
    public record FieldLogits(float[] logits, float[] computedProjection) {}

    /**
     * Logits of a graph given as message edges, e.g. a receptive field read from the database, where the
     * first layer's X·W is known for some nodes: {@code projection} holds every node's row (width: the
     * first weight's columns), and the rows listed in {@code missing} are computed here from
     * {@code missingFeatures} (row k of it is node {@code missing[k]}) and returned.
     *
     * @param degrees per node, the degree GCN normalises with (see {@link GraphTensors#build(NDManager,
     *                MessageGraph, ModelSpec, int[])}), or null for the in-degrees of {@code graph}
     * @param rows    how many leading rows of logits to return
     */
    public static FieldLogits logits(ModelSpec spec, List<Tensor> parameters, MessageGraph graph, int[] degrees,
                                     float[] projection, int[] missing, SparseFeatures missingFeatures, int rows,
                                     EngineRuntime runtime, FeatureMode featureMode) {
        Backbone model = Backbone.create(spec);
        int n = graph.nodeCount();
        int width = projection.length / Math.max(1, n);
        return runtime.exclusive(() -> {
            try (NDManager manager = runtime.newManager()) {
                NDList p = ParameterSet.of(parameters).toEngine(manager, false);
                float[] computed = new float[0];
                if (missing.length > 0) {
                    FeatureInput x = featureMode.sparseFor(missingFeatures)
                        ? FeatureInput.sparse(manager, missingFeatures)
                        : FeatureInput.dense(manager, missingFeatures);
                    computed = x.project(p.get(0), null).toFloatArray();
                    for (int k = 0; k < missing.length; k++) {
                        System.arraycopy(computed, k * width, projection, missing[k] * width, width);
                    }
                }
                NDArray xw = Transfer.floats(manager, projection, new Shape(n, width));
                GraphTensors tensors = GraphTensors.build(manager, graph, spec, degrees);
                NDArray out = model.forward(p, FeatureInput.projected(xw), null, tensors, null);
                return new FieldLogits((rows == n ? out : out.get("0:" + rows)).toFloatArray(), computed);
            }
        });
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
