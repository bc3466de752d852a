package org.graphsha.catalog;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.graphsha.graph.ProjectionSchema;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.Tensor;

/**
 * A trained model as the catalog keeps it: everything needed to predict on a newer projection of
 * the same schema, plus what {@code graphsha.model.list} shows.
 *
 * @param trainingGraph     the projection it was trained on: graph name, labels, types, feature widths
 * @param classValues       class values in index order, Long or String (the target's own type)
 * @param featureProperties the projected properties, in the order they were concatenated
 * @param configuration     the train call's configuration with defaults filled in
 * @param metrics           validation (and test) metrics of the selected epoch
 * @param logitOffsets      added to the logits before the argmax (PC-Softmax's -log n_c; zeros otherwise)
 * @param projection        the Neo4j labels and types of the training projection, or null for models stored
 *                          before it was recorded
 */
public record TrainedModel(
    String name,
    TrainingGraph trainingGraph,
    ModelSpec spec,
    String method,
    List<Object> classValues,
    List<String> featureProperties,
    int featureDimension,
    int bestEpoch,
    Map<String, Object> configuration,
    Map<String, Object> metrics,
    Instant createdAt,
    List<Tensor> parameters,
    double[] logitOffsets,
    ProjectionSchema projection
) {
    /** A model without a recorded projection schema. */
    public TrainedModel(String name, TrainingGraph trainingGraph, ModelSpec spec, String method, List<Object> classValues,
                        List<String> featureProperties, int featureDimension, int bestEpoch,
                        Map<String, Object> configuration, Map<String, Object> metrics, Instant createdAt,
                        List<Tensor> parameters, double[] logitOffsets) {
        this(name, trainingGraph, spec, method, classValues, featureProperties, featureDimension, bestEpoch, configuration,
            metrics, createdAt, parameters, logitOffsets, null);
    }

    public int classCount() {
        return classValues.size();
    }
}
