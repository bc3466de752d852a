package org.graphsha.catalog;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.FeatureTransform;
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
 * @param parameters        the model's tensors; of an ensemble, its first member's (seed {@code randomSeed})
 * @param logitOffsets      added to the logits before the softmax (PC-Softmax's -log n_c; zeros otherwise)
 * @param projection        the Neo4j labels and types of the training projection, or null for models stored
 *                          before it was recorded
 * @param otherMembers      an ensemble's other members (seeds {@code randomSeed + 1}, ...), each with tensors of the
 *                          same names and shapes as {@code parameters}; empty for a single model. The model predicts
 *                          with its members' mean class probabilities (docs/algorithm.md §10.6).
 * @param featureTransform  what training did to the raw features, applied the same way before every prediction
 * @param decision          the calibration and decision rule fitted on the validation nodes, applied to the (mean)
 *                          probabilities by every predict path; {@link ClassDecision#none} for models stored before
 *                          them (docs/algorithm.md §11)
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
    ProjectionSchema projection,
    List<List<Tensor>> otherMembers,
    FeatureTransform featureTransform,
    ClassDecision decision
) {
    public TrainedModel {
        if (decision.classOffsets().length != classValues.size()) {
            throw new IllegalArgumentException("a decision for " + decision.classOffsets().length + " classes; the model "
                + "has " + classValues.size());
        }
        otherMembers = List.copyOf(otherMembers);
        for (List<Tensor> member : otherMembers) {
            if (member.size() != parameters.size()) {
                throw new IllegalArgumentException("ensemble member with " + member.size() + " tensors; the first has "
                    + parameters.size());
            }
        }
    }

    /** A model without a fitted decision: the argmax of its uncalibrated probabilities. */
    public TrainedModel(String name, TrainingGraph trainingGraph, ModelSpec spec, String method, List<Object> classValues,
                        List<String> featureProperties, int featureDimension, int bestEpoch,
                        Map<String, Object> configuration, Map<String, Object> metrics, Instant createdAt,
                        List<Tensor> parameters, double[] logitOffsets, ProjectionSchema projection,
                        List<List<Tensor>> otherMembers, FeatureTransform featureTransform) {
        this(name, trainingGraph, spec, method, classValues, featureProperties, featureDimension, bestEpoch, configuration,
            metrics, createdAt, parameters, logitOffsets, projection, otherMembers, featureTransform,
            ClassDecision.none(classValues.size()));
    }

    /** A single model (no other members). */
    public TrainedModel(String name, TrainingGraph trainingGraph, ModelSpec spec, String method, List<Object> classValues,
                        List<String> featureProperties, int featureDimension, int bestEpoch,
                        Map<String, Object> configuration, Map<String, Object> metrics, Instant createdAt,
                        List<Tensor> parameters, double[] logitOffsets, ProjectionSchema projection) {
        this(name, trainingGraph, spec, method, classValues, featureProperties, featureDimension, bestEpoch, configuration,
            metrics, createdAt, parameters, logitOffsets, projection, List.of(),
            FeatureTransform.stored(configuration.get("featureNormalization"), null, null));
    }

    /** A single model without a recorded projection schema. */
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

    /** Every member's parameters, the first member first: one entry for a single model. */
    public List<List<Tensor>> members() {
        List<List<Tensor>> all = new ArrayList<>(1 + otherMembers.size());
        all.add(parameters);
        all.addAll(otherMembers);
        return all;
    }

    /** Member {@code index} as a single model of its own, for the paths that run one parameter set at a time. */
    public TrainedModel member(int index) {
        return index == 0 && otherMembers.isEmpty() ? this : new TrainedModel(name, trainingGraph, spec, method,
            classValues, featureProperties, featureDimension, bestEpoch, configuration, metrics, createdAt,
            members().get(index), logitOffsets, projection, List.of(), featureTransform, decision);
    }

    /** The calibrated probabilities of one node's (mean) probability row {@code p}. */
    public double[] calibrated(double[] p) {
        return decision.calibrate(p);
    }

    /** The same model under another name (a model imported under a name of the importer's choice). */
    public TrainedModel renamed(String newName) {
        Map<String, Object> renamedConfiguration = new java.util.LinkedHashMap<>(configuration);
        renamedConfiguration.replace("modelName", newName);
        return new TrainedModel(newName, trainingGraph, spec, method, classValues, featureProperties, featureDimension,
            bestEpoch, renamedConfiguration, metrics, createdAt, parameters, logitOffsets, projection, otherMembers,
            featureTransform, decision);
    }
}
