package org.graphsha.config;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.graphsha.data.KnownDataset;

/** Configuration of {@code graphsha.dataset.load}; defaults come from the dataset when it is a known one. */
public record DatasetLoadConfig(
    String name,
    String nodeLabel,
    String relationshipType,
    Optional<String> path,
    boolean replace,
    boolean includeFeatures,
    WriteOptions write,
    JobOptions job
) {
    public static DatasetLoadConfig of(String name, Map<String, Object> map) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("The dataset name must not be empty; use one of "
                + KnownDataset.bundledNames() + ", or any name together with {path: 'folder'}");
        }
        ConfigReader reader = new ConfigReader(map);
        Optional<KnownDataset> known = KnownDataset.find(name);
        String nodeLabel = ConfigReader.identifier("nodeLabel",
            reader.string("nodeLabel", known.map(KnownDataset::defaultNodeLabel).orElse("Node")));
        String relationshipType = ConfigReader.identifier("relationshipType",
            reader.string("relationshipType", known.map(KnownDataset::defaultRelationshipType).orElse("LINKS")));
        Optional<String> path = reader.optionalString("path");
        boolean replace = reader.bool("replace", false);
        boolean includeFeatures = reader.bool("includeFeatures", true);
        int batchSize = batchSize(reader);
        Map<String, Object> effective = new HashMap<>();
        JobOptions job = JobOptions.read(reader, effective, 1);
        var config = new DatasetLoadConfig(name, nodeLabel, relationshipType, path, replace, includeFeatures,
            WriteOptions.read(reader, effective, job.writeConcurrency(), batchSize), job);
        reader.finish();
        if (config.path.isEmpty() && known.filter(KnownDataset::bundled).isEmpty()) {
            throw new IllegalArgumentException("Unknown dataset `" + name + "`: the bundled datasets are "
                + KnownDataset.bundledNames() + ". To load another dataset in the same CSV format, put its folder "
                + "inside the import directory and pass {path: 'folder'}");
        }
        return config;
    }

    /** {@code writeBatchSize}, the key of every write; {@code batchSize}, this call's key before there was one, is its alias. */
    private static int batchSize(ConfigReader reader) {
        Object alias = reader.given().get("batchSize");
        Object key = reader.given().get("writeBatchSize");
        int batchSize = reader.positiveInt("writeBatchSize", WriteOptions.DEFAULT_BATCH_SIZE);
        int older = reader.positiveInt("batchSize", batchSize);
        if (alias != null && key != null) {
            throw new IllegalArgumentException("Configuration keys `writeBatchSize` (" + key + ") and `batchSize` ("
                + alias + ") name the same setting; give only `writeBatchSize`");
        }
        return alias != null ? older : batchSize;
    }
}
