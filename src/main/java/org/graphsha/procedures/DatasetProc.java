package org.graphsha.procedures;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.config.DatasetLoadConfig;
import org.graphsha.data.KnownDataset;
import org.graphsha.gds.GdsProgress;
import org.graphsha.graph.Dataset;
import org.graphsha.pipeline.WriteModes;
import org.graphsha.store.write.BatchedWrite;
import org.graphsha.store.load.DatasetImport;
import org.graphsha.store.settings.ImportDirectory;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

public class DatasetProc extends JobProcedure {

    public record LoadResult(
        String dataset, String nodeLabel, String relationshipType, long nodeCount, long relationshipCount,
        long classCount, long featureDimension, long readMillis, long writeMillis) {}

    @Procedure(name = "graphsha.dataset.load", mode = Mode.WRITE)
    @Description("Loads a node-classification dataset (bundled: cora, citeseer; or a folder inside the import "
        + "directory) as labeled nodes with id, class, publicSplit and features, one relationship per undirected edge; "
        + "in batches of writeBatchSize per transaction, or all in the caller's transaction with {atomic: true}.")
    public Stream<LoadResult> load(
        @Name("name") String name,
        @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration
    ) {
        DatasetLoadConfig config = DatasetLoadConfig.of(name, configuration);
        long start = System.nanoTime();
        Dataset dataset = read(config);
        long read = System.nanoTime();
        DatasetImport target = new DatasetImport(writer(), config.nodeLabel(), config.relationshipType());
        BatchedWrite.Mode mode = WriteModes.of(config.write());
        long existing = target.countExisting();
        if (existing > 0 && !config.replace()) {
            throw new IllegalArgumentException("Label `" + config.nodeLabel() + "` already holds " + existing
                + " nodes; pass {replace: true} to delete them first, or choose another nodeLabel");
        }
        GdsProgress progress = context().progress(1, config.job())
            .start("graphsha.dataset.load", List.of(new GdsProgress.Stage("write", dataset.nodeCount()
                + dataset.edges().size())));
        try {
            terminationGuard.check();
            if (existing > 0) {
                target.deleteExisting(mode);
            }
            progress.beginStage("write");
            target.write(dataset, config.includeFeatures(), mode, count -> {
                terminationGuard.check();
                progress.progress(count);
            });
            progress.endStage("write");
            progress.finish("graphsha.dataset.load");
        } catch (RuntimeException e) {
            progress.fail();
            throw e;
        }
        long written = System.nanoTime();
        return Stream.of(new LoadResult(dataset.name(), config.nodeLabel(), config.relationshipType(),
            dataset.nodeCount(), dataset.edges().size(), dataset.classCount(),
            config.includeFeatures() ? dataset.features().dimension() : 0,
            (read - start) / 1_000_000, (written - read) / 1_000_000));
    }

    private Dataset read(DatasetLoadConfig config) {
        if (config.path().isPresent()) {
            Path folder = ImportDirectory.of(db).resolve("path", config.path().get());
            return KnownDataset.readFolder(config.name(), folder, config.includeFeatures());
        }
        return KnownDataset.find(config.name()).orElseThrow().readBundled(config.includeFeatures());
    }
}
