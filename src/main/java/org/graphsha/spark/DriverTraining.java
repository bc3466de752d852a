package org.graphsha.spark;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.catalog.TrainingGraph;
import org.graphsha.config.ConfigReader;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.NeighbourDistribution;
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
 * calibration and decision rule): from the graph streamed to the driver ({@link DriverRows}) to the model the plugin would
 * store.
 */
final class DriverTraining {

    private DriverTraining() {}

    static TrainedModel train(DriverRows graph, JobConfig config) {
        TrainConfig train = config.train();
        long[] ids = graph.ids();
        SparseFeatures raw = graph.features();
        FeatureTransform transform = train.featureNormalization().fit(raw);
        TrainingData.Labels labels = TrainingData.labels(graph.targets(), train.targetProperty(), graph.splits(),
            train.splitProperty().orElse(null), train.validationFraction(), train.testFraction(), train.seed(),
            i -> "with id " + ids[i]);
        TrainingData data = TrainingData.of(graph.edges(), transform.apply(raw), labels);
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
