package org.graphsha.procedures;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.StoredModel;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.catalog.TrainingGraph;
import org.graphsha.live.LiveScoring;
import org.graphsha.pipeline.GdsMetrics;
import org.neo4j.gds.core.Username;
import org.neo4j.internal.kernel.api.security.SecurityContext;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** The model catalog, GDS style: list, exists, drop, each scoped to the calling user (see {@link ModelCatalog}). */
public class ModelProc {

    /** {@code modelType} of every graphsha model (GDS's model list names the algorithm there). */
    static final String MODEL_TYPE = "graphsha";

    @Context
    public GraphDatabaseAPI db;

    @Context
    public Username username;

    @Context
    public SecurityContext securityContext;

    @Context
    public LiveScoring live;

    /**
     * One model, with GDS's {@code gds.model.list} columns where they apply: {@code trainConfig} is GDS's column,
     * the train call's stored configuration, which {@code configuration} also holds under its earlier name;
     * {@code loaded} tells whether predict.nodes holds the model in
     * memory ({@link LiveScoring}); {@code stored} is true because every model is a file.
     */
    public record ModelRow(String modelName, String modelType, String username, Map<String, Object> modelInfo,
                           Map<String, Object> graphSchema, Map<String, Object> configuration,
                           Map<String, Object> trainConfig, Map<String, Object> metrics, ZonedDateTime creationTime,
                           boolean loaded, boolean stored) {
        static ModelRow of(StoredModel stored, boolean loaded) {
            TrainedModel model = stored.model();
            return new ModelRow(model.name(), MODEL_TYPE, stored.username(), info(model), ModelProc.graphSchema(model),
                model.configuration(), model.configuration() == null ? Map.of() : model.configuration(), model.metrics(), model.createdAt().atZone(ZoneOffset.UTC),
                loaded, true);
        }
    }

    public record ExistsRow(String modelName, String modelType, boolean exists) {}

    @Procedure(name = "graphsha.model.list", mode = Mode.READ)
    @Description("Lists the trained graphsha models of the calling user and the shared ones (an admin sees every "
        + "user's), or those of that name.")
    public Stream<ModelRow> list(@Name(value = "modelName", defaultValue = "__all__") String modelName) {
        ModelCatalog catalog = catalog();
        List<StoredModel> models = "__all__".equals(modelName) ? catalog.list() : catalog.list(modelName);
        return models.stream().map(m -> ModelRow.of(m, live.holds(catalog.fileOf(m))));
    }

    @Procedure(name = "graphsha.model.exists", mode = Mode.READ)
    @Description("Tells whether the calling user sees a trained graphsha model of that name.")
    public Stream<ExistsRow> exists(@Name("modelName") String modelName) {
        return Stream.of(new ExistsRow(modelName, MODEL_TYPE, catalog().exists(modelName)));
    }

    @Procedure(name = "graphsha.model.drop", mode = Mode.READ)
    @Description("Removes a trained graphsha model of the calling user (or a shared one) from the catalog and from "
        + "disk; an admin may name the user whose model to drop.")
    public Stream<ModelRow> drop(@Name("modelName") String modelName,
                                 @Name(value = "failIfMissing", defaultValue = "true") boolean failIfMissing,
                                 @Name(value = "username", defaultValue = "") String owner) {
        var dropped = catalog().drop(modelName, Optional.ofNullable(owner));
        if (dropped.isEmpty() && failIfMissing) {
            throw new IllegalArgumentException("Model `" + modelName + "` does not exist; graphsha.model.list() shows the "
                + "trained models, or pass failIfMissing: false");
        }
        return dropped.stream().map(m -> ModelRow.of(m, false));
    }

    private ModelCatalog catalog() {
        return ProcedureContext.catalog(db, username, securityContext, live);
    }

    static Map<String, Object> info(TrainedModel model) {
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
    static Map<String, Object> graphSchema(TrainedModel model) {
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
