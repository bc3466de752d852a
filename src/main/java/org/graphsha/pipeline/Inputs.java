package org.graphsha.pipeline;

import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.ProjectedGraph;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.store.NodeValues;
import org.neo4j.graphdb.Transaction;

/** Gathers a run's per-node inputs: class from the projection when GDS holds it, else from the database. */
final class Inputs {

    private Inputs() {}

    static TrainingData trainingData(TrainConfig config, GdsGraphs graphs, ProjectedGraph graph, Transaction tx) {
        long[] ids = graph.neo4jIds();
        Object[] targets = graphs.longProperty(graph.graphName(), config.targetProperty(), ids);
        if (targets == null) {
            targets = NodeValues.read(tx, ids, config.targetProperty());
        }
        Object[] splits = config.splitProperty().map(p -> NodeValues.read(tx, ids, p)).orElse(null);
        return TrainingData.of(graph.edges(), features(graph.features(), config.featureNormalization()), targets,
            config.targetProperty(), splits, config.splitProperty().orElse(null), config.validationFraction(),
            config.training().seed(), i -> "with id " + ids[i]);
    }

    static SparseFeatures features(SparseFeatures raw, TrainConfig.FeatureNormalization normalization) {
        return normalization.apply(raw);
    }
}
