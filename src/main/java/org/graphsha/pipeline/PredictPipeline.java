package org.graphsha.pipeline;

import java.util.Arrays;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.ConfigReader;
import org.graphsha.config.PredictConfig;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.SplitRole;
import org.graphsha.data.Snapshots;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.ProjectedGraph;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.Engines;
import org.graphsha.training.FeatureMode;
import org.graphsha.training.Inference;

/**
 * Classifies every node of a projection with a stored model. The projection may be newer than the
 * one the model was trained on (nodes added since are classified too); it needs the same feature
 * properties. All its edges are used: a live graph has no removed training nodes.
 */
public final class PredictPipeline {

    /** Per node: Neo4j id, predicted class value, class probabilities. */
    public record Predictions(long[] neo4jIds, Object[] classValues, double[][] probabilities, long preProcessingMillis,
                              long computeMillis) {}

    private PredictPipeline() {}

    public static Predictions run(PredictConfig config, TrainedModel model, GdsGraphs graphs) {
        long start = System.nanoTime();
        ProjectedGraph graph = graphs.read(config.graphName(), TrainConfig.filter(config.nodeLabels()),
            TrainConfig.filter(config.relationshipTypes()), model.featureProperties());
        if (graph.features().dimension() != model.featureDimension()) {
            throw new IllegalArgumentException("Model `" + model.name() + "` expects " + model.featureDimension()
                + " features from " + model.featureProperties() + ", but graph `" + config.graphName() + "` gives "
                + graph.features().dimension() + "; project the same feature properties as for training");
        }
        SparseFeatures features = Inputs.features(graph.features(), normalization(model));
        int n = graph.nodeCount();
        SplitRole[] roles = new SplitRole[n];
        Arrays.fill(roles, SplitRole.NONE);
        int[] unknown = new int[n];
        Arrays.fill(unknown, -1);
        GraphSnapshot snapshot = Snapshots.of(graph.edges(), features, unknown, model.classCount(), roles);
        long prepared = System.nanoTime();

        float[] logits = Inference.logits(model.spec(), model.parameters(), snapshot,
            Engines.runtime(config.device(), config.concurrency()), FeatureMode.AUTO);
        int classes = model.classCount();
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < classes; c++) {
                logits[i * classes + c] += (float) model.logitOffsets()[c];
            }
        }
        double[][] probabilities = Inference.probabilities(logits, classes);
        Object[] predicted = new Object[n];
        for (int i = 0; i < n; i++) {
            predicted[i] = model.classValues().get(argmax(probabilities[i]));
        }
        long computed = System.nanoTime();
        return new Predictions(graph.neo4jIds(), predicted, probabilities, (prepared - start) / 1_000_000,
            (computed - prepared) / 1_000_000);
    }

    private static TrainConfig.FeatureNormalization normalization(TrainedModel model) {
        Object stored = model.configuration().get("featureNormalization");
        for (TrainConfig.FeatureNormalization value : TrainConfig.FeatureNormalization.values()) {
            if (ConfigReader.choiceName(value).equals(stored)) {
                return value;
            }
        }
        return TrainConfig.FeatureNormalization.ROW_SUM;
    }

    /** First maximum wins, as the metrics' argmax. */
    static int argmax(double[] values) {
        int best = 0;
        for (int c = 1; c < values.length; c++) {
            if (values[c] > values[best]) {
                best = c;
            }
        }
        return best;
    }
}
