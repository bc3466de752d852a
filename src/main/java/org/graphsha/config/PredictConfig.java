package org.graphsha.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.graphsha.catalog.ModelNames;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.nn.Engines.DeviceChoice;

/**
 * Configuration of the {@code graphsha.predict.*} procedures (stream, write, mutate, stats and their
 * estimates), keyed as GDS's node classification predict procedures. {@link #filters} fills the label
 * and type filters the user left out from the model's training configuration, as GDS does.
 *
 * @param targetNodeLabels  empty where the user gave none
 * @param relationshipTypes empty where the user gave none
 * @param property          the class property: {@code writeProperty} (write) or {@code mutateProperty} (mutate)
 */
public record PredictConfig(
    Mode mode,
    String graphName,
    String modelName,
    Optional<List<String>> targetNodeLabels,
    Optional<List<String>> relationshipTypes,
    DeviceChoice device,
    int concurrency,
    Optional<String> jobId,
    boolean logProgress,
    boolean sudo,
    boolean includePredictedProbabilities,
    Optional<String> property,
    Optional<String> confidenceProperty,
    Optional<String> predictedProbabilityProperty,
    int writeConcurrency,
    WriteOptions write,
    Map<String, Object> effective
) {
    public enum Mode {
        STREAM, WRITE, MUTATE, STATS;

        /** The procedure's name, e.g. {@code graphsha.predict.mutate}. */
        public String procedure() {
            return "graphsha.predict." + ConfigReader.choiceName(this);
        }
    }

    private static final String RENAMED = "probabilitiesProperty";

    public static PredictConfig of(Mode mode, String graphName, Map<String, Object> map) {
        if (map != null && map.containsKey(RENAMED)) {
            throw new IllegalArgumentException("Configuration key `" + RENAMED + "` is now `predictedProbabilityProperty`, "
                + "GDS's name: write `predictedProbabilityProperty: '" + map.get(RENAMED) + "'`");
        }
        ConfigReader r = new ConfigReader(map);
        Map<String, Object> e = new LinkedHashMap<>();
        String modelName = ModelNames.validate(r.requiredString("modelName"));
        e.put("modelName", modelName);
        Optional<List<String>> labels = labels(r);
        Optional<List<String>> types = Optional.ofNullable(r.stringList("relationshipTypes", null));
        DeviceChoice device = r.choice("device", DeviceChoice.AUTO, DeviceChoice.class);
        e.put("device", ConfigReader.choiceName(device));
        int concurrency = r.intInRange("concurrency", 1, 1, 1024);
        e.put("concurrency", (long) concurrency);
        Optional<String> jobId = r.optionalString("jobId");
        jobId.ifPresent(id -> e.put("jobId", id));
        boolean logProgress = r.bool("logProgress", true);
        e.put("logProgress", logProgress);
        boolean sudo = r.bool("sudo", false);
        e.put("sudo", sudo);
        boolean include = mode == Mode.STREAM && r.bool("includePredictedProbabilities", false);
        if (mode == Mode.STREAM) {
            e.put("includePredictedProbabilities", include);
        }
        Optional<String> property = Optional.empty();
        Optional<String> confidence = Optional.empty();
        Optional<String> probabilities = Optional.empty();
        int writeConcurrency = concurrency;
        WriteOptions write = WriteOptions.none(concurrency);
        if (mode == Mode.WRITE || mode == Mode.MUTATE) {
            String key = mode == Mode.WRITE ? "writeProperty" : "mutateProperty";
            property = Optional.of(name(key, r.requiredString(key)));
            confidence = r.optionalString("confidenceProperty").map(p -> name("confidenceProperty", p));
            probabilities = r.optionalString("predictedProbabilityProperty")
                .map(p -> name("predictedProbabilityProperty", p));
            e.put(key, property.get());
            confidence.ifPresent(p -> e.put("confidenceProperty", p));
            probabilities.ifPresent(p -> e.put("predictedProbabilityProperty", p));
            distinct(key, property.get(), "confidenceProperty", confidence);
            distinct(key, property.get(), "predictedProbabilityProperty", probabilities);
            distinct("confidenceProperty", confidence.orElse(null), "predictedProbabilityProperty", probabilities);
        }
        if (mode == Mode.WRITE) {
            writeConcurrency = r.intInRange("writeConcurrency", concurrency, 1, 1024);
            write = WriteOptions.read(r, e, writeConcurrency);
        }
        r.finish();
        return new PredictConfig(mode, graphName, modelName, labels, types, device, concurrency, jobId, logProgress, sudo,
            include, property, confidence, probabilities, writeConcurrency, write, Collections.unmodifiableMap(e));
    }

    /** {@code targetNodeLabels} is GDS's key for predict; {@code nodeLabels}, the key of GDS's algorithms, is its alias. */
    private static Optional<List<String>> labels(ConfigReader r) {
        List<String> target = r.stringList("targetNodeLabels", null);
        List<String> alias = r.stringList("nodeLabels", null);
        if (target != null && alias != null) {
            throw new IllegalArgumentException("Configuration keys `targetNodeLabels` " + target + " and `nodeLabels` "
                + alias + " name the same filter; give only `targetNodeLabels`");
        }
        return Optional.ofNullable(target != null ? target : alias);
    }

    /**
     * The label and type filters of a call: the user's, or else the ones the model was trained on (GDS
     * takes them from the training configuration too).
     *
     * @param labels        labels to keep, empty for all ('*')
     * @param types         relationship types to keep, empty for all ('*')
     * @param fromModel     which of the two came from the model (for error messages): "labels", "types" or both
     * @param effective     the configuration with both filters filled in
     */
    public record Filters(List<String> labels, List<String> types, List<String> fromModel, Map<String, Object> effective) {}

    public Filters filters(TrainedModel model) {
        List<String> labels = targetNodeLabels.orElseGet(() -> trained(model, "nodeLabels"));
        List<String> types = relationshipTypes.orElseGet(() -> trained(model, "relationshipTypes"));
        Map<String, Object> e = new LinkedHashMap<>(effective);
        e.put("targetNodeLabels", labels);
        e.put("relationshipTypes", types);
        List<String> fromModel = new java.util.ArrayList<>();
        if (targetNodeLabels.isEmpty()) {
            fromModel.add("labels");
        }
        if (relationshipTypes.isEmpty()) {
            fromModel.add("types");
        }
        return new Filters(TrainConfig.filter(labels), TrainConfig.filter(types), List.copyOf(fromModel),
            Collections.unmodifiableMap(e));
    }

    /**
     * Refuses a written or mutated property that names the model's training data (target, split or a feature
     * property): writing it would overwrite the labels or features the model and the next training read. Mutate
     * refuses every property the projection already has, but a string or boolean target lives only in the database:
     * mutated into the projection under its name, the predictions would be read as the labels by the next training
     * (which takes the class from the projection when GDS holds it).
     */
    public void requireOutputsSpareTrainingData(TrainedModel model) {
        Map<String, String> read = new LinkedHashMap<>();
        model.featureProperties().forEach(p -> read.put(p, "a feature property"));
        if (model.configuration().get("splitProperty") instanceof String split) {
            read.put(split, "its split property (splitProperty)");
        }
        if (model.configuration().get("targetProperty") instanceof String target) {
            read.put(target, "its target property (targetProperty)");
        }
        Map<String, Optional<String>> outputs = new LinkedHashMap<>();
        outputs.put(mode == Mode.MUTATE ? "mutateProperty" : "writeProperty", property);
        outputs.put("confidenceProperty", confidenceProperty);
        outputs.put("predictedProbabilityProperty", predictedProbabilityProperty);
        outputs.forEach((outputKey, value) -> value.filter(read::containsKey).ifPresent(v -> {
            throw new IllegalArgumentException("Invalid value '" + v + "' for configuration key `" + outputKey
                + "`: model `" + model.name() + "` was trained on '" + v + "' as " + read.get(v)
                + ", and " + (mode == Mode.MUTATE ? "mutating" : "writing") + " predictions there would "
                + (mode == Mode.MUTATE ? "shadow it for the next training" : "overwrite it")
                + "; choose another property name, e.g. '"
                + v + "Predicted'");
        }));
    }

    @SuppressWarnings("unchecked")
    private static List<String> trained(TrainedModel model, String key) {
        Object value = model.configuration().get(key);
        return value instanceof List<?> list && !list.isEmpty() && list.stream().allMatch(String.class::isInstance)
            ? List.copyOf((List<String>) list) : List.of("*");
    }

    private static String name(String key, String value) {
        String name = ConfigReader.identifier(key, value);
        if (name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("Invalid value '" + value + "' for configuration key `" + key
                + "`: expected a property name without whitespace");
        }
        return name;
    }

    private static void distinct(String key, String value, String otherKey, Optional<String> other) {
        if (value != null && other.isPresent() && other.get().equals(value)) {
            throw new IllegalArgumentException("Configuration keys `" + key + "` and `" + otherKey + "` must name "
                + "different properties, but both are '" + value + "'");
        }
    }
}
