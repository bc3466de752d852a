package org.graphsha.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.catalog.TrainingGraph;

/** A trained model as the procedures' maps show it: {@code modelInfo} and the graph schema it predicts on. */
public final class ModelMaps {

    private ModelMaps() {}

    /** A model as modelInfo shows it: names, classes, backbone, method, features, metrics and the fitted decision. */
    public static Map<String, Object> info(TrainedModel model) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("modelName", model.name());
        info.put("graphName", model.trainingGraph().name());
        info.put("classes", model.classValues());
        info.put("backbone", model.spec().kind().id());
        info.put("method", model.method());
        info.put("featureProperties", model.featureProperties());
        info.put("featureDimension", (long) model.featureDimension());
        info.put("featureNormalization", model.featureTransform().keyValue());
        info.put("bestEpoch", (long) model.bestEpoch());
        info.put("metrics", GdsMetrics.of(model.metrics()));
        // How far early stopping let training run (with patience only), then the temperature and decision rule every
        // prediction applies, as training fitted them (absent before them).
        for (String key : List.of("epochsTrained", "stoppedEpoch", "calibration", "decision")) {
            if (model.metrics().containsKey(key)) {
                info.put(key, model.metrics().get(key));
            }
        }
        return info;
    }

    /** What a graph needs to be predicted on: labels, types, feature properties with widths, target and classes. */
    public static Map<String, Object> graphSchema(TrainedModel model) {
        TrainingGraph graph = model.trainingGraph();
        List<Map<String, Object>> features = new ArrayList<>();
        for (int i = 0; i < model.featureProperties().size(); i++) {
            Map<String, Object> feature = new LinkedHashMap<>();
            feature.put("property", model.featureProperties().get(i));
            feature.put("width", graph.featureWidths() == null ? null : (long) graph.featureWidths().get(i));
            features.add(feature);
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("nodeLabels", graph.nodeLabels());
        schema.put("relationshipTypes", graph.relationshipTypes());
        schema.put("features", features);
        schema.put("featureDimension", (long) model.featureDimension());
        schema.put("targetProperty", model.configuration().get("targetProperty"));
        schema.put("classes", model.classValues());
        return schema;
    }
}
