package org.graphsha.spark;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.spark.sql.Row;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.catalog.TrainingGraph;
import org.graphsha.config.ConfigReader;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.method.Method;
import org.graphsha.method.RunConfig;
import org.graphsha.method.TrainingPlan;
import org.graphsha.method.selection.CrossValidation;
import org.graphsha.training.loop.EpochListener;

/**
 * The job's training, on the driver with graphsha's own trainer (`method.TrainingPlan`, the plugin's model spec,
 * calibration and decision rule): from the collected node rows (id, features, target, split) and relationship rows
 * (source id, target id) to the model the plugin would store.
 */
final class DriverTraining {

    private DriverTraining() {}

    static TrainedModel train(List<Row> collectedNodes, List<Row> relationships, JobConfig config) {
        TrainConfig train = config.train();
        List<Row> nodeRows = new ArrayList<>(collectedNodes);
        nodeRows.sort((a, b) -> Long.compare(a.getLong(0), b.getLong(0)));
        long[] ids = nodeRows.stream().mapToLong(r -> r.getLong(0)).toArray();
        SparseFeatures raw = features(nodeRows, train.featureProperties().get(0));
        FeatureTransform transform = train.featureNormalization().fit(raw);
        Object[] targets = nodeRows.stream().map(r -> r.isNullAt(2) ? null : r.get(2)).toArray();
        Object[] splits = train.splitProperty().isPresent()
            ? nodeRows.stream().map(r -> r.isNullAt(3) ? null : r.get(3)).toArray() : null;
        TrainingData.Labels labels = TrainingData.labels(targets, train.targetProperty(), splits,
            train.splitProperty().orElse(null), train.validationFraction(), train.testFraction(), train.seed(),
            i -> "with id " + ids[i]);
        TrainingData data = TrainingData.of(edges(relationships, ids), transform.apply(raw), labels);
        train.decision().requireFits(data.classValues());
        boolean needsDiffusion = train.methods().stream().anyMatch(Method::needsDiffusion);
        NeighbourDistribution distribution = needsDiffusion
            ? Diffusion.compute(data.snapshot().adjacency(), train.diffusion()) : null;

        TrainingPlan plan = train.plan(distribution);
        TrainingPlan.Choice choice = plan.choose(data.snapshot(), train.seed(), EpochListener.NONE,
            CrossValidation.FoldListener.NONE);
        TrainingPlan.Trained trained = plan.ensemble(choice, data.snapshot(), train.seed(), null, EpochListener.NONE,
            TrainingPlan.MemberListener.NONE);
        RunConfig run = choice.run().config();
        return new TrainedModel(train.modelName(),
            new TrainingGraph(config.nodeLabel(), config.labels(), List.of(config.relationshipType()),
                List.of(raw.dimension())),
            run.training().model(), ConfigReader.choiceName(run.method()), data.classIndex().values(),
            train.featureProperties(), raw.dimension(), trained.first().bestEpoch(), configuration(train, transform),
            metrics(trained), Instant.now(), trained.first().parameters(), trained.logitOffsets(),
            new ProjectionSchema(config.labels(), List.of(config.relationshipType()),
                Map.of(config.relationshipType(), "UNDIRECTED"), true),
            List.of(), transform, trained.operatingPoint().decision());
    }

    private static SparseFeatures features(List<Row> rows, String property) {
        int n = rows.size();
        int dimension = -1;
        int[] offsets = new int[n + 1];
        List<float[]> dense = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Row r = rows.get(i);
            if (r.isNullAt(1)) {
                throw new IllegalArgumentException("node with id " + r.getLong(0) + " has no `" + property
                    + "`; every node needs its features");
            }
            float[] x = RowTransform.floats(RowTransform.doubles(r, 1));
            if (dimension < 0) {
                dimension = x.length;
            } else if (x.length != dimension) {
                throw new IllegalArgumentException("node with id " + r.getLong(0) + " has " + x.length + " values in `"
                    + property + "`, the first node has " + dimension + "; every row needs the same width");
            }
            dense.add(x);
            offsets[i + 1] = offsets[i] + x.length;
        }
        int[] columns = new int[offsets[n]];
        float[] values = new float[offsets[n]];
        for (int i = 0; i < n; i++) {
            float[] x = dense.get(i);
            for (int j = 0; j < x.length; j++) {
                columns[offsets[i] + j] = j;
                values[offsets[i] + j] = x[j];
            }
        }
        return new SparseFeatures(n, Math.max(dimension, 0), offsets, columns, values);
    }

    /**
     * One undirected edge per connected pair of read nodes, no self edge: what the plugin takes from an undirected
     * projection (either orientation of a relationship is the same edge).
     */
    private static EdgeList edges(List<Row> rows, long[] ids) {
        int[] sources = new int[rows.size()];
        int[] targets = new int[rows.size()];
        int m = 0;
        for (Row r : rows) {
            int s = Arrays.binarySearch(ids, r.getLong(0));
            int t = Arrays.binarySearch(ids, r.getLong(1));
            if (s >= 0 && t >= 0) {
                sources[m] = s;
                targets[m++] = t;
            }
        }
        int read = m;
        return EdgeList.undirected(ids.length, pair -> {
            for (int e = 0; e < read; e++) {
                pair.accept(sources[e], targets[e]);
            }
        });
    }

    private static Map<String, Object> configuration(TrainConfig train, FeatureTransform transform) {
        Map<String, Object> configuration = new LinkedHashMap<>(train.effective());
        configuration.put("featureNormalization", transform.keyValue());
        configuration.put("trainedOn", "spark");
        return configuration;
    }

    private static Map<String, Object> metrics(TrainingPlan.Trained trained) {
        Map<String, Object> validation = new LinkedHashMap<>();
        validation.put("accuracy", trained.validation().accuracy());
        validation.put("balancedAccuracy", trained.validation().balancedAccuracy());
        validation.put("f1Macro", trained.validation().macroF1());
        return Map.of("validation", validation);
    }
}
