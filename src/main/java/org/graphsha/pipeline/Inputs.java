package org.graphsha.pipeline;

import java.util.List;

import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.ProjectedGraph;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.store.read.NodeValues;
import org.neo4j.graphdb.Transaction;

/** Gathers a run's per-node inputs. */
final class Inputs {

    private Inputs() {}

    /**
     * Classes and split of the selected nodes, read before the features: they size the run for the
     * memory guard. Class from the projection when GDS holds it, else from the database.
     */
    static TrainingData.Labels labels(TrainConfig config, GdsGraphs graphs, long[] ids, Transaction tx) {
        return labels(config, graphs.projection(config.graphName()), ids, tx);
    }

    /** As above, from a projection the caller has already looked up. */
    static TrainingData.Labels labels(TrainConfig config, GdsGraphs.Projection projection, long[] ids,
                                      Transaction tx) {
        Object[] targets = projection.longProperty(config.targetProperty(), ids);
        if (targets == null) {
            targets = NodeValues.read(tx, ids, config.targetProperty());
        }
        List<String> classified = TrainConfig.filter(config.targetNodeLabels());
        if (!classified.isEmpty()) {
            // Nodes of the other labels are structure: their class, if any, is neither learnt nor scored.
            boolean[] target = projection.hasAnyLabel(classified, ids);
            for (int i = 0; i < ids.length; i++) {
                if (!target[i]) {
                    targets[i] = null;
                }
            }
        }
        Object[] splits = config.splitProperty().map(p -> NodeValues.read(tx, ids, p)).orElse(null);
        return TrainingData.labels(targets, config.targetProperty(), splits, config.splitProperty().orElse(null),
            config.validationFraction(), config.testFraction(), config.seed(), i -> "with id " + ids[i]);
    }

    static TrainingData trainingData(FeatureTransform features, ProjectedGraph graph, TrainingData.Labels labels) {
        return TrainingData.of(graph.edges(), features.apply(graph.features()), labels);
    }
}
