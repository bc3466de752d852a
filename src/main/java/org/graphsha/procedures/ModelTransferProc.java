package org.graphsha.procedures;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.StoredModel;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.ModelTransferConfig;
import org.graphsha.live.LiveScoring;
import org.graphsha.pipeline.ModelMaps;
import org.graphsha.store.settings.ImportDirectory;
import org.neo4j.gds.core.Username;
import org.neo4j.internal.kernel.api.security.SecurityContext;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/**
 * Models that move between installs: a model file written into, or read from, the server's import directory.
 * Models are otherwise files local to each server (docs/procedures.md, "Moving models").
 */
public class ModelTransferProc {

    @Context
    public GraphDatabaseAPI db;

    @Context
    public Username username;

    @Context
    public SecurityContext securityContext;

    @Context
    public LiveScoring live;

    public record TransferRow(String modelName, String fileName, String path, long bytes, Map<String, Object> modelInfo) {
        static TransferRow of(TrainedModel model, String fileName, Path path) {
            try {
                return new TransferRow(model.name(), fileName, path.toString(), Files.size(path), ModelMaps.info(model));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Procedure(name = "graphsha.model.export", mode = Mode.READ)
    @Description("Writes a trained graphsha model of the calling user (or a shared one) as a model file inside the "
        + "import directory, for graphsha.model.import on another server.")
    public Stream<TransferRow> export(@Name("modelName") String modelName,
                                      @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        ModelTransferConfig config = ModelTransferConfig.export(modelName, configuration);
        Path target = ImportDirectory.of(db).resolveFile("fileName", config.fileName());
        StoredModel model = catalog().export(modelName, target, config.overwrite());
        return Stream.of(TransferRow.of(model.model(), config.fileName(), target));
    }

    @Procedure(name = "graphsha.model.import", mode = Mode.READ)
    @Description("Stores a model file from the import directory (written by graphsha.model.export) as a model of "
        + "the calling user, under its own name or modelName.")
    public Stream<TransferRow> importModel(@Name("fileName") String fileName,
                                           @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        ModelTransferConfig config = ModelTransferConfig.importing(fileName, configuration);
        Path source = ImportDirectory.of(db).resolveFile("fileName", config.fileName());
        TrainedModel model = catalog().importFile(source, config.modelName(), config.overwrite());
        return Stream.of(TransferRow.of(model, config.fileName(), source));
    }

    private ModelCatalog catalog() {
        return ProcedureContext.catalog(db, username, securityContext, live);
    }
}
