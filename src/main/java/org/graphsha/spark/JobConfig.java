package org.graphsha.spark;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.graphsha.config.TrainConfig;
import org.graphsha.nn.BackboneKind;

/**
 * The Spark job's keys, given as {@code key=value} arguments (docs/spark.md). The connection, the graph's label and
 * relationship type, the connector's sizes, the task and where the model and predictions go are the job's own; with
 * {@code task=train} every other key is a {@code graphsha.train} key and is read by {@link TrainConfig}, so it means
 * and checks the same. With {@code task=predict} the model brings its configuration, and {@code modelName} is the only
 * other key.
 *
 * @param train the training's configuration; null for {@code task=predict}
 */
record JobConfig(Task task, String url, String user, String password, String nodeLabel, String relationshipType,
                 int partitions, int batchSize, String predictionProperty, String confidenceProperty,
                 Path modelsFolder, Path modelFile, String modelName, TrainConfig train) {

    /** What a run does: train, score and store a model, or score with a stored one. */
    enum Task { TRAIN, PREDICT }

    private static final Set<String> JOB_KEYS = Set.of("task", "url", "user", "password", "nodeLabel",
        "relationshipType", "partitions", "batchSize", "predictionProperty", "confidenceProperty", "modelsFolder",
        "modelFile");

    static JobConfig parse(String[] args) {
        Map<String, String> job = new LinkedHashMap<>();
        Map<String, Object> train = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("argument `" + arg + "` is not key=value; e.g. modelName=papers");
            }
            String key = arg.substring(0, eq);
            String value = arg.substring(eq + 1);
            if (JOB_KEYS.contains(key)) {
                job.put(key, value);
            } else {
                train.put(key, trainValue(key, value));
            }
        }
        Task task = task(job.getOrDefault("task", "train"));
        String models = job.get("modelsFolder");
        String file = job.get("modelFile");
        if (models == null && file == null) {
            throw new IllegalArgumentException(task == Task.TRAIN
                ? "the job stores its model in the plugin's format: pass modelFile=<path> (for graphsha.model.import) "
                    + "or modelsFolder=<the server's models directory>"
                : "task=predict reads a stored model: pass modelFile=<a file graphsha.model.export wrote> or "
                    + "modelsFolder=<the server's models directory> with modelName=<its name>");
        }
        TrainConfig config = task == Task.TRAIN ? trainConfig(job, train) : null;
        String modelName = task == Task.TRAIN ? config.modelName() : predictModelName(train, file);
        return new JobConfig(task, required(job, "url"), job.getOrDefault("user", ""), job.getOrDefault("password", ""),
            required(job, "nodeLabel"), required(job, "relationshipType"), positive(job, "partitions", 4),
            positive(job, "batchSize", 5000), job.getOrDefault("predictionProperty", "predictedClass"),
            job.getOrDefault("confidenceProperty", "confidence"), models == null ? null : Path.of(models),
            file == null ? null : Path.of(file), modelName, config);
    }

    private static Task task(String value) {
        return switch (value) {
            case "train" -> Task.TRAIN;
            case "predict" -> Task.PREDICT;
            default -> throw new IllegalArgumentException("task must be `train` or `predict`, but was `" + value + "`");
        };
    }

    private static TrainConfig trainConfig(Map<String, String> job, Map<String, Object> train) {
        train.putIfAbsent("backbone", "sign");
        TrainConfig config = TrainConfig.of(required(job, "nodeLabel"), train);
        if (config.runs().get(0).run().training().model().kind() != BackboneKind.SIGN) {
            throw new IllegalArgumentException("the Spark job trains backbone: 'sign' only (its hop features are what "
                + "Spark computes), but backbone was `" + train.get("backbone") + "`; pass backbone=sign");
        }
        if (config.candidates().enabled() || config.ensembleSize() != 1) {
            throw new IllegalArgumentException("the Spark job trains one model: drop candidateMethods and ensembleSize");
        }
        if (config.featureProperties().size() != 1) {
            throw new IllegalArgumentException("the Spark job reads one list-valued feature property, but "
                + "featureProperties was " + config.featureProperties() + "; pass featureProperties=<one property>");
        }
        return config;
    }

    /** The model's name: given, or (for a model file) the one stored in the file. */
    private static String predictModelName(Map<String, Object> train, String file) {
        Map<String, Object> others = new LinkedHashMap<>(train);
        Object name = others.remove("modelName");
        if (!others.isEmpty()) {
            throw new IllegalArgumentException("task=predict scores with the stored model's own configuration, but "
                + "training keys were given: " + others.keySet() + "; drop them");
        }
        if (name == null && file == null) {
            throw new IllegalArgumentException("task=predict with modelsFolder needs modelName=<the model's name>");
        }
        return name == null ? null : String.valueOf(name);
    }

    /** Numbers and booleans as graphsha.train receives them from Cypher; lists comma-separated. */
    private static Object trainValue(String key, String value) {
        if (key.equals("featureProperties") || key.equals("nodeLabels") || key.equals("relationshipTypes")) {
            return Arrays.stream(value.split(",")).map(String::trim).toList();
        }
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        if (value.matches("-?\\d+")) {
            return Long.parseLong(value);
        }
        if (value.matches("-?\\d*\\.\\d+([eE]-?\\d+)?|-?\\d+[eE]-?\\d+")) {
            return Double.parseDouble(value);
        }
        return value;
    }

    private static String required(Map<String, String> job, String key) {
        String value = job.get(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("the job needs " + key + "=...; see docs/spark.md");
        }
        return value;
    }

    private static int positive(Map<String, String> job, String key, int fallback) {
        String value = job.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below with the key
        }
        throw new IllegalArgumentException(key + " must be a positive integer, but was `" + value + "`");
    }

    /** Whether a trained model may replace a stored one of its name ({@code overwrite=true}); never for predict. */
    boolean overwrite() {
        return train != null && train.overwrite();
    }

    List<String> labels() {
        return List.of(nodeLabel);
    }
}
