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
    int batchSize,
    JobOptions job
) {
    public static final int DEFAULT_BATCH_SIZE = 10_000;

    public static DatasetLoadConfig of(String name, Map<String, Object> map) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("The dataset name must not be empty; use one of "
                + KnownDataset.bundledNames() + ", or any name together with {path: 'folder'}");
        }
        ConfigReader reader = new ConfigReader(map);
        Optional<KnownDataset> known = KnownDataset.find(name);
        var config = new DatasetLoadConfig(
            name,
            ConfigReader.identifier("nodeLabel",
                reader.string("nodeLabel", known.map(KnownDataset::defaultNodeLabel).orElse("Node"))),
            ConfigReader.identifier("relationshipType",
                reader.string("relationshipType", known.map(KnownDataset::defaultRelationshipType).orElse("LINKS"))),
            reader.optionalString("path"),
            reader.bool("replace", false),
            reader.bool("includeFeatures", true),
            reader.positiveInt("batchSize", DEFAULT_BATCH_SIZE),
            JobOptions.read(reader, new HashMap<>(), 1));
        reader.finish();
        if (config.path.isEmpty() && known.filter(KnownDataset::bundled).isEmpty()) {
            throw new IllegalArgumentException("Unknown dataset `" + name + "`: the bundled datasets are "
                + KnownDataset.bundledNames() + ". To load another dataset in the same CSV format, put its folder "
                + "inside the import directory and pass {path: 'folder'}");
        }
        return config;
    }
}
