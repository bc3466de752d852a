package org.graphsha.procedures;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.StoredModel;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.live.LiveScoring;
import org.graphsha.pipeline.ModelMaps;
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
            return new ModelRow(model.name(), MODEL_TYPE, stored.username(), ModelMaps.info(model), ModelMaps.graphSchema(model),
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
}
