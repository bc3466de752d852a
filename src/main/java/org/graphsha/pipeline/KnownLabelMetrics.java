package org.graphsha.pipeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.evaluation.Metrics;
import org.graphsha.graph.ClassIndex;
import org.graphsha.pipeline.PredictPipeline.Call;
import org.graphsha.pipeline.PredictPipeline.Predictions;
import org.graphsha.store.read.NodeValues;
import org.neo4j.graphdb.Transaction;

/**
 * The metrics of {@code graphsha.predict.stats} on the predicted nodes whose class is known: those that hold the
 * model's {@code targetProperty} with one of its classes. The map has the shape of a split's in the model's metrics;
 * a two-class model flags the class its training metrics flagged.
 */
final class KnownLabelMetrics {

    private KnownLabelMetrics() {}

    /** Empty when no predicted node has a known class (or the model names no target property). */
    static Map<String, Object> of(Call call, Transaction tx, Predictions p) {
        TrainedModel model = call.model();
        if (!(model.configuration().get("targetProperty") instanceof String property)) {
            return Map.of();
        }
        Object[] targets = targets(call, tx, property, p.neo4jIds());
        Map<Object, Integer> index = new HashMap<>();
        for (int c = 0; c < model.classCount(); c++) {
            index.put(model.classValues().get(c), c);
        }
        List<Integer> known = new ArrayList<>();
        List<Integer> truth = new ArrayList<>();
        for (int i = 0; i < targets.length; i++) {
            Object value = ClassIndex.classValue(targets[i]);
            Integer c = value == null ? null : index.get(value);
            if (c != null) {
                known.add(i);
                truth.add(c);
            }
        }
        if (known.isEmpty()) {
            return Map.of();
        }
        int n = known.size();
        int[] t = new int[n];
        int[] predicted = new int[n];
        double[][] probabilities = new double[n][];
        for (int k = 0; k < n; k++) {
            t[k] = truth.get(k);
            predicted[k] = p.classIndices()[known.get(k)];
            probabilities[k] = p.probabilities()[known.get(k)];
        }
        Object[] classValues = model.classValues().toArray();
        Map<String, Object> map = MetricMaps.of(Metrics.evaluate(t, predicted, probabilities, classValues.length),
            classValues, positiveClass(model));
        map.put("nodeCount", (long) n);
        return map;
    }

    /** The flagged class of the model's own validation metrics; -1 when it has none (not two classes, older models). */
    private static int positiveClass(TrainedModel model) {
        if (model.classCount() == 2 && model.metrics().get("validation") instanceof Map<?, ?> validation
            && validation.containsKey("positiveClass")) {
            return model.classValues().indexOf(validation.get("positiveClass"));
        }
        return -1;
    }

    /**
     * The class per node: from the projection when GDS holds it (integer classes), else from the database; none for
     * the nodes outside the labels the model classified (its targetNodeLabels), which were structure in training.
     */
    private static Object[] targets(Call call, Transaction tx, String property, long[] ids) {
        Object[] projected = call.graphs().longProperty(call.config().graphName(), property, ids);
        Object[] targets = projected != null ? projected : NodeValues.read(tx, ids, property);
        if (call.model().configuration().get("targetNodeLabels") instanceof List<?> labels
            && !labels.isEmpty() && !labels.contains("*")) {
            boolean[] classified = call.graphs().projection(call.config().graphName())
                .hasAnyLabel(labels.stream().map(String::valueOf).toList(), ids);
            for (int i = 0; i < ids.length; i++) {
                if (!classified[i]) {
                    targets[i] = null;
                }
            }
        }
        return targets;
    }
}
