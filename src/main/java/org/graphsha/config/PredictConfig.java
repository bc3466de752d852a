package org.graphsha.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.graphsha.catalog.ModelNames;
import org.graphsha.nn.Engines.DeviceChoice;

/** Configuration of {@code graphsha.predict.stream} and {@code graphsha.predict.write}. */
public record PredictConfig(
    String graphName,
    String modelName,
    List<String> nodeLabels,
    List<String> relationshipTypes,
    DeviceChoice device,
    int concurrency,
    Optional<String> writeProperty,
    Optional<String> confidenceProperty,
    Optional<String> probabilitiesProperty,
    Map<String, Object> effective
) {
    public static PredictConfig stream(String graphName, Map<String, Object> map) {
        return read(graphName, map, false);
    }

    public static PredictConfig write(String graphName, Map<String, Object> map) {
        return read(graphName, map, true);
    }

    private static PredictConfig read(String graphName, Map<String, Object> map, boolean write) {
        ConfigReader r = new ConfigReader(map);
        Map<String, Object> e = new LinkedHashMap<>();
        String modelName = ModelNames.validate(r.requiredString("modelName"));
        e.put("modelName", modelName);
        List<String> labels = r.stringList("nodeLabels", List.of("*"));
        List<String> types = r.stringList("relationshipTypes", List.of("*"));
        DeviceChoice device = r.choice("device", DeviceChoice.AUTO, DeviceChoice.class);
        e.put("nodeLabels", labels);
        e.put("relationshipTypes", types);
        e.put("device", ConfigReader.choiceName(device));
        int concurrency = r.intInRange("concurrency", 1, 1, 1024);
        e.put("concurrency", (long) concurrency);
        Optional<String> writeProperty = Optional.empty();
        Optional<String> confidence = Optional.empty();
        Optional<String> probabilities = Optional.empty();
        if (write) {
            writeProperty = Optional.of(ConfigReader.identifier("writeProperty", r.requiredString("writeProperty")));
            confidence = r.optionalString("confidenceProperty").map(p -> ConfigReader.identifier("confidenceProperty", p));
            probabilities = r.optionalString("probabilitiesProperty")
                .map(p -> ConfigReader.identifier("probabilitiesProperty", p));
            e.put("writeProperty", writeProperty.get());
            confidence.ifPresent(p -> e.put("confidenceProperty", p));
            probabilities.ifPresent(p -> e.put("probabilitiesProperty", p));
        }
        r.finish();
        return new PredictConfig(graphName, modelName, labels, types, device, concurrency, writeProperty, confidence, probabilities,
            Collections.unmodifiableMap(e));
    }
}
