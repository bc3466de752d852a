package org.graphsha.procedures;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.store.ModelDirectory;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** The model catalog, GDS style: list, exists, drop. */
public class ModelProc {

    @Context
    public GraphDatabaseAPI db;

    public record ModelRow(String modelName, Map<String, Object> modelInfo, Map<String, Object> configuration,
                           Map<String, Object> metrics, ZonedDateTime creationTime) {
        static ModelRow of(TrainedModel model) {
            return new ModelRow(model.name(), info(model), model.configuration(), model.metrics(),
                model.createdAt().atZone(ZoneOffset.UTC));
        }
    }

    public record ExistsRow(String modelName, boolean exists) {}

    @Procedure(name = "graphsha.model.list", mode = Mode.READ)
    @Description("Lists the trained graphsha models, or the one named.")
    public Stream<ModelRow> list(@Name(value = "modelName", defaultValue = "__all__") String modelName) {
        ModelCatalog catalog = catalog();
        if (!"__all__".equals(modelName)) {
            return catalog.exists(modelName) ? Stream.of(ModelRow.of(catalog.get(modelName))) : Stream.empty();
        }
        return catalog.list().stream().map(ModelRow::of);
    }

    @Procedure(name = "graphsha.model.exists", mode = Mode.READ)
    @Description("Tells whether a trained graphsha model of that name exists.")
    public Stream<ExistsRow> exists(@Name("modelName") String modelName) {
        return Stream.of(new ExistsRow(modelName, catalog().exists(modelName)));
    }

    @Procedure(name = "graphsha.model.drop", mode = Mode.READ)
    @Description("Removes a trained graphsha model from the catalog and from disk.")
    public Stream<ModelRow> drop(@Name("modelName") String modelName,
                                 @Name(value = "failIfMissing", defaultValue = "true") boolean failIfMissing) {
        var dropped = catalog().drop(modelName);
        if (dropped.isEmpty() && failIfMissing) {
            throw new IllegalArgumentException("Model `" + modelName + "` does not exist; graphsha.model.list() shows the "
                + "trained models, or pass failIfMissing: false");
        }
        return dropped.stream().map(ModelRow::of);
    }

    private ModelCatalog catalog() {
        return ModelCatalog.at(ModelDirectory.of(db));
    }

    static Map<String, Object> info(TrainedModel model) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("modelName", model.name());
        info.put("classes", model.classValues());
        info.put("backbone", model.spec().kind().id());
        info.put("method", model.method());
        info.put("featureProperties", model.featureProperties());
        info.put("featureDimension", (long) model.featureDimension());
        info.put("bestEpoch", (long) model.bestEpoch());
        return info;
    }
}
