package org.graphsha.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.PredictConfig.Mode;
import org.graphsha.config.PredictConfig;
import org.graphsha.data.Snapshots;
import org.graphsha.data.SplitRole;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.GdsProgress;
import org.graphsha.gds.ProjectedGraph;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.EngineRuntime;
import org.graphsha.nn.Engines;
import org.graphsha.nn.Tensor;
import org.graphsha.training.Inference;
import org.graphsha.training.MemoryEstimate;
import org.graphsha.training.ensemble.ProbabilityMean;
import org.graphsha.training.loop.FeatureMode;

/**
 * Classifies the nodes of a projection with a stored model, for every {@code graphsha.predict} mode.
 * The projection may be newer than the one the model was trained on (nodes added since are classified
 * too); it needs the same feature properties. All edges of the selected types are used: a live graph
 * has no removed training nodes.
 *
 * <p>Order: the configuration is already valid; then the graph, filters, feature width, the
 * properties a mutate would add and the memory guard are checked, before the graph is read. The call
 * is a GDS job (stages {@code read graph}, {@code inference}, then the mode's output) and stops at the
 * next stage, or the next write batch, when its transaction is terminated.
 */
public final class PredictPipeline {

    /**
     * One call: its configuration, model, graph adapter, progress, termination guard and what the JVM and
     * machine have left for the memory guard.
     */
    public record Call(PredictConfig config, TrainedModel model, GdsGraphs graphs, TrainPipeline.ProgressFactory progress,
                       Runnable checkTerminated, MemoryGuard.Available available) {}

    /**
     * Per node: Neo4j id, class index (by the model's decision rule), class value (the target's own type), calibrated
     * probabilities.
     *
     * @param configuration the call's configuration with defaults and the model's filters filled in
     */
    public record Predictions(long[] neo4jIds, int[] classIndices, Object[] classValues, double[][] probabilities,
                              long preProcessingMillis, long computeMillis, Map<String, Object> configuration) {

        public int nodeCount() {
            return neo4jIds.length;
        }

        /** The calibrated probability of node i's predicted class. */
        public double confidence(int i) {
            return probabilities[i][classIndices[i]];
        }

        /** {@link #confidence} of every node. */
        public double[] confidences() {
            double[] confidence = new double[neo4jIds.length];
            for (int i = 0; i < confidence.length; i++) {
                confidence[i] = confidence(i);
            }
            return confidence;
        }
    }

    /** A call's memory estimate and the size of the selected graph. */
    public record Estimate(MemoryEstimate memory, long nodeCount, long relationshipCount) {}

    /** What a mode did with the predictions, and how long that took. */
    public record Outcome<T>(Predictions predictions, T output, long postProcessingMillis, long outputMillis) {}

    /** A mode's output step: runs inside the job, after inference; reports progress in its stage. */
    @FunctionalInterface
    public interface Output<T> {
        T apply(Predictions predictions, GdsProgress progress, Runnable checkTerminated);
    }

    private PredictPipeline() {}

    /**
     * Runs a call: checks, reads, infers, then {@code output} in a stage of its own (none for stream).
     *
     * @param outputStage name of the output stage, null for none
     * @param perNode     whether the output stage counts nodes (else one step)
     */
    static <T> Outcome<T> run(Call call, String outputStage, boolean perNode, Output<T> output) {
        long start = System.nanoTime();
        PredictConfig config = call.config();
        TrainedModel model = call.model();
        PredictConfig.Filters filters = config.filters(model);
        if (config.mode() == Mode.WRITE) {
            config.requireOutputsSpareTrainingData(model);
        }
        GdsGraphs.Selection selection = selection(config, filters);
        GdsGraphs.Dimensions size = checkedSize(call, selection);
        if (config.mode() == Mode.MUTATE) {
            call.graphs().requireNewProperties(config.graphName(), selection, mutatedProperties(config));
            // What the projection lacks may still be the model's target or split in the database.
            config.requireOutputsSpareTrainingData(model);
        }
        EngineRuntime runtime = Engines.runtime(config.device(), config.concurrency());
        MemoryGuard.check(config.mode().procedure(), estimate(config, model, size), config.sudo(), call.available(),
            "To fit, predict fewer nodes (targetNodeLabels, relationshipTypes or a smaller projection) or use a model with "
                + "a smaller hiddenSize");

        List<GdsProgress.Stage> stages = new ArrayList<>(List.of(new GdsProgress.Stage("read graph", size.nodeCount()),
            new GdsProgress.Stage("inference", 1)));
        if (outputStage != null) {
            stages.add(new GdsProgress.Stage(outputStage, perNode ? size.nodeCount() : 1));
        }
        String job = config.mode().procedure();
        GdsProgress progress = call.progress().start(job, stages);
        try {
            progress.beginStage("read graph");
            ProjectedGraph graph = call.graphs().read(config.graphName(), selection, model.featureProperties());
            GraphSnapshot snapshot = snapshot(graph, model);
            progress.progress(graph.nodeCount());
            progress.endStage("read graph");
            call.checkTerminated().run();
            long prepared = System.nanoTime();

            progress.beginStage("inference");
            Predictions predictions = infer(model, snapshot, graph.neo4jIds(), runtime, (prepared - start) / 1_000_000,
                filters.effective());
            progress.progress(1);
            progress.endStage("inference");
            call.checkTerminated().run();

            T result = null;
            long postProcessing = 0;
            long outputMillis = 0;
            if (outputStage != null) {
                long begin = System.nanoTime();
                progress.beginStage(outputStage);
                result = output.apply(predictions, progress, call.checkTerminated());
                progress.endStage(outputStage);
                long took = (System.nanoTime() - begin) / 1_000_000;
                postProcessing = config.mode() == Mode.STATS ? took : 0;
                outputMillis = config.mode() == Mode.STATS ? 0 : took;
            }
            progress.finish(job);
            return new Outcome<>(predictions, result, postProcessing, outputMillis);
        } catch (RuntimeException | Error e) {
            progress.fail();
            throw e;
        }
    }

    /** Sizes for an estimate, after the same checks as a run: graph, filters, feature properties and width. */
    public static Estimate estimate(PredictConfig config, TrainedModel model, GdsGraphs graphs) {
        GdsGraphs.Dimensions size = checkedSize(new Call(config, model, graphs, null, null, null),
            selection(config, config.filters(model)));
        return new Estimate(estimate(config, model, size), size.nodeCount(), size.relationshipCount());
    }

    private static MemoryEstimate estimate(PredictConfig config, TrainedModel model, GdsGraphs.Dimensions size) {
        long n = size.nodeCount();
        long classes = model.classCount();
        // The message graph holds both directions of every pair: twice the count bounds natural and undirected projections.
        MemoryEstimate memory = MemoryEstimate.ofPrediction(n, 2 * size.relationshipCount(), model.featureDimension(),
            model.classCount(), model.spec());
        long probabilities = classes * 8 + 16;
        return switch (config.mode()) {
            // Rows are produced one at a time, as Cypher pulls them.
            case STREAM -> memory;
            case STATS -> memory.withHeap("confidences", 2 * n * 8);
            // Neo4j keeps every written property in the transaction state until the commit: 2.3-2.4 KB each as
            // SHOW TRANSACTIONS measured it (docs/benchmarks/production.md), for every node of an atomic write and
            // for the open batches' nodes otherwise.
            case WRITE -> memory.withHeap("transactionState", pending(config, n) * (TRANSACTION_BYTES_PER_PROPERTY
                * properties(config)
                + (config.predictedProbabilityProperty().isPresent() ? probabilities : 0)));
            // The new properties stay in the projection after the call.
            case MUTATE -> memory.withHeap("graphStoreProperties", n * (8 + 1
                + (config.confidenceProperty().isPresent() ? 8 : 0)
                + (config.predictedProbabilityProperty().isPresent() ? 8 + probabilities : 0)));
        };
    }

    private static final long TRANSACTION_BYTES_PER_PROPERTY = 2_500;

    private static long pending(PredictConfig config, long n) {
        return config.write().atomic() ? n : Math.min(n, (long) config.write().batchSize() * config.write().concurrency());
    }

    private static long properties(PredictConfig config) {
        return 1 + (config.confidenceProperty().isPresent() ? 1 : 0)
            + (config.predictedProbabilityProperty().isPresent() ? 1 : 0);
    }

    static GdsGraphs.Selection selection(PredictConfig config, PredictConfig.Filters filters) {
        String trained = "; without this key the call uses what model `" + config.modelName() + "` was trained on, "
            + "so give the key to choose others";
        return new GdsGraphs.Selection(filters.labels(), "targetNodeLabels",
            filters.fromModel().contains("labels") ? trained : "", filters.types(), "relationshipTypes",
            filters.fromModel().contains("types") ? trained : "");
    }

    private static GdsGraphs.Dimensions checkedSize(Call call, GdsGraphs.Selection selection) {
        TrainedModel model = call.model();
        GdsGraphs.Dimensions size = call.graphs().dimensions(call.config().graphName(), selection, model.featureProperties());
        if (size.featureDimension() != model.featureDimension()) {
            throw new IllegalArgumentException("Model `" + model.name() + "` expects " + model.featureDimension()
                + " features from " + model.featureProperties() + ", but graph `" + call.config().graphName() + "` gives "
                + size.featureDimension() + "; project the same feature properties as for training" + markerHint(model,
                    size.featureDimension()));
        }
        return size;
    }

    /**
     * A model with the structure marker (the GDS adapter adds it when a selected label carries none of the feature
     * properties) on a graph one column narrower: the call reads only labels that carry the features.
     */
    private static String markerHint(TrainedModel model, int given) {
        List<Integer> widths = model.trainingGraph().featureWidths();
        boolean marked = widths != null
            && widths.stream().mapToInt(Integer::intValue).sum() + 1 == model.featureDimension();
        return marked && given == model.featureDimension() - 1
            ? "; the model was trained with nodes of a label that has none of the feature properties (a marker "
                + "column): read such a label too, as training did (leave targetNodeLabels out to read the model's "
                + "labels)"
            : "";
    }

    /** Configuration key -> property name of everything a mutate adds. */
    static Map<String, String> mutatedProperties(PredictConfig config) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("mutateProperty", config.property().orElseThrow());
        config.confidenceProperty().ifPresent(p -> properties.put("confidenceProperty", p));
        config.predictedProbabilityProperty().ifPresent(p -> properties.put("predictedProbabilityProperty", p));
        return properties;
    }

    private static GraphSnapshot snapshot(ProjectedGraph graph, TrainedModel model) {
        if (graph.features().dimension() != model.featureDimension()) {
            throw new IllegalArgumentException("Model `" + model.name() + "` expects " + model.featureDimension()
                + " features from " + model.featureProperties() + ", but graph `" + graph.graphName() + "` gives "
                + graph.features().dimension() + "; project the same feature properties as for training"
                + markerHint(model, graph.features().dimension()));
        }
        SparseFeatures features = model.featureTransform().apply(graph.features());
        int n = graph.nodeCount();
        SplitRole[] roles = new SplitRole[n];
        Arrays.fill(roles, SplitRole.NONE);
        int[] unknown = new int[n];
        Arrays.fill(unknown, -1);
        return Snapshots.of(graph.edges(), features, unknown, model.classCount(), roles);
    }

    private static Predictions infer(TrainedModel model, GraphSnapshot snapshot, long[] neo4jIds, EngineRuntime runtime,
                                     long preProcessingMillis, Map<String, Object> configuration) {
        long start = System.nanoTime();
        int n = neo4jIds.length;
        List<List<Tensor>> members = model.members();
        ProbabilityMean mean = new ProbabilityMean(n, model.classCount(), members.size());
        for (List<Tensor> parameters : members) {
            mean.add(Inference.logits(model.spec(), parameters, snapshot, runtime, FeatureMode.AUTO), model.logitOffsets());
        }
        double[][] probabilities = mean.probabilities();
        int[] indices = new int[n];
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            double[] calibrated = model.decision().calibrate(probabilities[i]);
            indices[i] = model.decision().classOf(probabilities[i], calibrated);
            probabilities[i] = calibrated;
            values[i] = model.classValues().get(indices[i]);
        }
        return new Predictions(neo4jIds, indices, values, probabilities, preProcessingMillis,
            (System.nanoTime() - start) / 1_000_000, configuration);
    }

}
