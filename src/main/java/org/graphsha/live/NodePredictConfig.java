package org.graphsha.live;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.graphsha.catalog.ModelNames;
import org.graphsha.config.ConfigReader;
import org.graphsha.nn.Engines.DeviceChoice;

/**
 * Configuration of {@code graphsha.predict.nodes}: the model's own graph (labels, types, features and
 * their normalisation) comes from the stored model, so only how to compute is configured here.
 *
 * @param maxNeighbours     0: every neighbour (exact agreement with {@code predict.stream}); else at most this
 *                          many per node, a sample seeded by {@code samplingSeed}, as GraphSAGE does at inference
 * @param batchSize         target nodes per forward pass; larger batches share more of their neighbourhoods
 * @param nodeLabels        only for models stored before the projection's labels were recorded
 * @param relationshipTypes likewise
 */
public record NodePredictConfig(
    String modelName,
    DeviceChoice device,
    int concurrency,
    int maxNeighbours,
    long samplingSeed,
    int batchSize,
    Optional<List<String>> nodeLabels,
    Optional<List<String>> relationshipTypes
) {
    public static final int DEFAULT_BATCH_SIZE = 100_000;

    public static NodePredictConfig of(String modelName, Map<String, Object> map) {
        ConfigReader r = new ConfigReader(map);
        DeviceChoice device = r.choice("device", DeviceChoice.AUTO, DeviceChoice.class);
        int concurrency = r.intInRange("concurrency", 1, 1, 1024);
        int maxNeighbours = r.intInRange("maxNeighbours", 0, 0, Integer.MAX_VALUE);
        long seed = r.intInRange("samplingSeed", 42, 0, Integer.MAX_VALUE);
        int batchSize = r.intInRange("batchSize", DEFAULT_BATCH_SIZE, 1, Integer.MAX_VALUE);
        Optional<List<String>> labels = Optional.ofNullable(r.stringList("nodeLabels", null));
        Optional<List<String>> types = Optional.ofNullable(r.stringList("relationshipTypes", null));
        r.finish();
        return new NodePredictConfig(ModelNames.validate(modelName), device, concurrency, maxNeighbours, seed, batchSize,
            labels, types);
    }
}
