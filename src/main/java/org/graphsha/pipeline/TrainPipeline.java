package org.graphsha.pipeline;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.catalog.TrainingGraph;
import org.graphsha.config.ConfigReader;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.SplitRole;
import org.graphsha.data.TrainingData;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.DiffusionKind;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.GdsProgress;
import org.graphsha.gds.ProjectedGraph;
import org.graphsha.gds.ProjectionSchemas;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.method.Method;
import org.graphsha.method.selection.CrossValidation;
import org.graphsha.method.selection.MethodCandidate;
import org.graphsha.method.selection.MethodCandidates;
import org.graphsha.method.selection.SelectionStats;
import org.graphsha.method.selection.StratifiedFolds;
import org.graphsha.nn.Engines;
import org.graphsha.synthesis.GraphShaSynthesizer;
import org.graphsha.synthesis.RecordingSynthesizer;
import org.graphsha.synthesis.SynthesisReport;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.training.EpochListener;
import org.graphsha.training.LogitReadout;
import org.graphsha.training.LossKind;
import org.graphsha.training.MemoryEstimate;
import org.graphsha.training.TrainingResult;
import org.neo4j.graphdb.Transaction;

/**
 * {@code graphsha.train} from end to end: read the projection, check the target and split, compute
 * the diffusion (GraphSHA only), train, then store the model and, if asked, write the last epoch's
 * synthetic nodes. Everything that can be wrong with the input fails before the diffusion starts;
 * a cancelled or failed run stores no model and writes nothing. With {@code candidateMethods}, cross-validation
 * chooses the method between the diffusion (computed once, shared by every fold) and the final run, which is
 * the run a call naming the chosen method would make (docs/algorithm.md §10.5).
 */
public final class TrainPipeline {

    private static final String PROCEDURE = "graphsha.train";
    private static final String ADVICE = "To fit, train on fewer nodes (nodeLabels, relationshipTypes or a smaller "
        + "projection), a smaller hiddenSize (or fewer heads with gat), fewer or narrower featureProperties, or a method "
        + "that synthesises fewer nodes (graphsha's warm-up fills every class up to the largest: warmupEpochs: -1 "
        + "skips it; vanilla and the loss-based methods add none)";

    /**
     * @param synthesis      the last epoch's synthesis report as a map, empty without synthesis
     * @param modelSelection {@code modelSelectionStats}, empty without {@code candidateMethods}
     */
    public record Outcome(TrainedModel model, TrainingResult result, long preProcessingMillis, long trainMillis,
                          double syntheticNodesPerEpoch, Map<String, Object> synthesis,
                          Map<String, Object> modelSelection) {}

    private TrainPipeline() {}

    /**
     * @param available what the JVM and machine have left, for the memory guard (the procedure passes
     *                  {@link MemoryGuard.Available#now()})
     */
    public static Outcome run(TrainConfig config, GdsGraphs graphs, Transaction tx, ModelCatalog catalog,
                              ProgressFactory progressFactory, Runnable checkTerminated, MemoryGuard.Available available) {
        catalog.requireStorable(config.modelName(), config.overwrite());
        // Resolved first: `gpu` on a machine without one must fail before any heavy work.
        boolean onGpu = Engines.device(config.training().device()).isGpu();
        MethodCandidates candidates = config.candidates();
        List<Method> methods = methods(config);
        boolean needsDiffusion = methods.stream().anyMatch(Method::needsDiffusion);
        long start = System.nanoTime();
        Sized sized = size(config, graphs, tx);
        MemoryGuard.check(PROCEDURE, sized.estimate().memory(), config.job().sudo(), available, ADVICE);
        ProjectedGraph graph = graphs.read(config.graphName(), selection(config), config.featureProperties());
        if (!java.util.Arrays.equals(graph.neo4jIds(), sized.ids())) {
            throw new IllegalStateException("Graph `" + config.graphName() + "` changed while graphsha.train read it; "
                + "run the call again");
        }
        TrainingData data = Inputs.trainingData(config, graph, sized.labels());
        ProjectionSchema schema = ProjectionSchemas.of(tx, config.graphName(), TrainConfig.filter(config.nodeLabels()),
            TrainConfig.filter(config.relationshipTypes()));

        if (candidates.enabled()) {
            // Too many folds for the training nodes fails here, before the diffusion, like every other bad input.
            StratifiedFolds.assign(data.snapshot().trainMask(), data.snapshot().classes(), data.snapshot().classCount(),
                candidates.folds(), config.training().seed());
        }
        int n = graph.nodeCount();
        int epochs = config.training().epochs();
        List<GdsProgress.Stage> stages = new ArrayList<>();
        stages.add(new GdsProgress.Stage("diffusion", needsDiffusion ? n : 0));
        if (candidates.enabled()) {
            stages.add(new GdsProgress.Stage(SELECTION_STAGE, (long) candidates.folds() * methods.size() * epochs));
        }
        stages.add(new GdsProgress.Stage("training", epochs));
        GdsProgress progress = progressFactory.start("graphsha.train", stages);
        try {
            if (config.training().device() == Engines.DeviceChoice.AUTO) {
                progress.info("device auto: " + (onGpu ? "training on the GPU" : "no GPU visible, training on the CPU"));
            }
            progress.beginStage("diffusion");
            NeighbourDistribution distribution = null;
            if (needsDiffusion) {
                GraphShaSynthesizer.requireSupported(data.snapshot(), config.synthesis());
                // The diffusion reports from its worker threads; a terminated transaction stops it there too.
                distribution = Diffusion.compute(data.snapshot().adjacency(), config.synthesis().diffusion(), steps -> {
                    checkTerminated.run();
                    progress.progress(steps);
                });
            }
            progress.endStage("diffusion");
            checkTerminated.run();
            long selectionStart = System.nanoTime();
            Map<String, Object> selectionStats = Map.of();
            // Without candidates the run is the call's own; with them, that of a call naming the chosen method.
            TrainConfig run = config;
            if (candidates.enabled()) {
                SelectionStats stats = select(config, data, distribution, progress, checkTerminated);
                run = config.forCandidate(candidates.methods().get(stats.winner()));
                selectionStats = new LinkedHashMap<>(stats.toMap());
                selectionStats.put("millis", (System.nanoTime() - selectionStart) / 1_000_000);
            }
            long selectionNanos = System.nanoTime() - selectionStart;
            Method method = run.method();
            Synthesizer inner = method.newSynthesizer(data.snapshot(), distribution, run.synthesis());
            RecordingSynthesizer synthesizer = inner == null ? null : new RecordingSynthesizer(inner);
            long trained = System.nanoTime();

            progress.beginStage("training");
            // Counted from the epoch reports, which every method fills (GraphSmote synthesises without a synthesizer).
            long[] synthetic = {0, 0};
            // At most about ten epoch summaries in the log, however long the run.
            int infoEvery = Math.max(100, (epochs + 9) / 10);
            EpochListener listener = report -> {
                checkTerminated.run();
                synthetic[0] += report.syntheticNodes();
                synthetic[1]++;
                progress.progress(1);
                if ((report.epoch() + 1) % infoEvery == 0 || report.epoch() + 1 == report.epochs()) {
                    progress.info(String.format("epoch %d/%d: train loss %.4f, val loss %.4f, val accuracy %.4f",
                        report.epoch() + 1, report.epochs(), report.trainLoss(), report.valLoss(), report.valAccuracy()));
                }
            };
            TrainingResult result = method.train(data.snapshot(), run.training(), synthesizer,
                run.graphSmoteUpScale(), listener);
            progress.endStage("training");
            long finished = System.nanoTime();

            TrainedModel model = new TrainedModel(config.modelName(), new TrainingGraph(graph.graphName(),
                graph.schema().nodeLabels(), graph.schema().relationshipTypes(), graph.schema().featureWidths()),
                run.training().model(),
                ConfigReader.choiceName(method), data.classIndex().values(), config.featureProperties(),
                graph.features().dimension(), result.bestEpoch(),
                candidates.enabled() ? config.chosenConfiguration(method) : config.effective(),
                metrics(result, data, selectionStats), Instant.now(), result.parameters(), logitOffsets(run, data), schema);
            catalog.store(model, config.overwrite());
            progress.finish("graphsha.train");
            return new Outcome(model, result, (trained - start - selectionNanos) / 1_000_000,
                (finished - trained) / 1_000_000, synthetic[1] == 0 ? 0 : (double) synthetic[0] / synthetic[1],
                synthesizer == null || synthesizer.lastReport() == null ? Map.of()
                    : synthesisReport(synthesizer.lastReport(), data.classValues()), selectionStats);
        } catch (RuntimeException | Error e) {
            progress.fail();
            throw e;
        }
    }

    private static final String SELECTION_STAGE = "model selection";

    /** The method of the call, or its candidates. */
    private static List<Method> methods(TrainConfig config) {
        return config.candidates().enabled() ? config.candidates().methods() : List.of(config.method());
    }

    /** Cross-validation over the candidates, one model at a time, each epoch a step of the selection stage. */
    private static SelectionStats select(TrainConfig config, TrainingData data, NeighbourDistribution distribution,
                                         GdsProgress progress, Runnable checkTerminated) {
        progress.beginStage(SELECTION_STAGE);
        MethodCandidates candidates = config.candidates();
        List<MethodCandidate> runs = new ArrayList<>();
        for (Method m : candidates.methods()) {
            TrainConfig alone = config.forCandidate(m);
            runs.add(new MethodCandidate(ConfigReader.choiceName(m), m, alone.training(), alone.synthesis(),
                distribution, alone.graphSmoteUpScale()));
        }
        SelectionStats stats = CrossValidation.run(data.snapshot(), runs, candidates.folds(),
            config.training().seed(), report -> {
                checkTerminated.run();
                progress.progress(1);
            }, (fold, candidate, name, score, epoch) -> progress.info(String.format(Locale.ROOT,
                "model selection: fold %d/%d, %s: balanced accuracy %.4f on the held-out nodes (epoch %d kept)",
                fold + 1, candidates.folds(), name, score, epoch)));
        progress.info(String.format(Locale.ROOT, "model selection chose %s: mean fold balanced accuracy %.4f",
            stats.chosen(), stats.mean(stats.winner())));
        progress.endStage(SELECTION_STAGE);
        return stats;
    }

    /** A call's memory estimate, the size of the selected graph and the most synthetic nodes an epoch adds. */
    public record Estimate(MemoryEstimate memory, long nodeCount, long relationshipCount, long syntheticNodes) {}

    /** The estimate and what sizing it read, so that the run reads the classes once. */
    private record Sized(Estimate estimate, long[] ids, TrainingData.Labels labels) {}

    /**
     * What {@code graphsha.train.estimate} yields and the guard compares: sized from the projection's
     * counts and the training class sizes (classes and split are read, the features are not), after
     * the same checks of the target and split as a run.
     */
    public static Estimate estimate(TrainConfig config, GdsGraphs graphs, Transaction tx) {
        return size(config, graphs, tx).estimate();
    }

    private static Sized size(TrainConfig config, GdsGraphs graphs, Transaction tx) {
        GdsGraphs.Selection selection = selection(config);
        GdsGraphs.Dimensions size = graphs.dimensions(config.graphName(), selection, config.featureProperties());
        long[] ids = graphs.neo4jIds(config.graphName(), selection);
        TrainingData.Labels labels = Inputs.labels(config, graphs, ids, tx);
        // Cross-validation trains one model at a time: the peak is the largest candidate's.
        List<Method> methods = methods(config);
        long synthetic = 0;
        for (Method m : methods) {
            synthetic = Math.max(synthetic, m.syntheticNodePeak(labels.trainingCounts(), config.synthesis(),
                config.graphSmoteUpScale()));
        }
        boolean needsDiffusion = methods.stream().anyMatch(Method::needsDiffusion);
        boolean decodes = methods.stream().anyMatch(Method::decodesSyntheticEdges);
        long n = size.nodeCount();
        // The message graph holds both directions of every pair: twice the count bounds natural and undirected
        // projections.
        long edges = 2 * size.relationshipCount();
        var diffusion = config.synthesis().diffusion();
        long entries = !needsDiffusion ? 0 : diffusion.kind() == DiffusionKind.PPR ? n * diffusion.topK()
            : edges + n;
        MemoryEstimate memory = MemoryEstimate.of(n, edges, size.featureDimension(), labels.classIndex().size(),
            config.training().model(), synthetic, entries,
            needsDiffusion && diffusion.exactFor(Math.toIntExact(n)), decodes);
        return new Sized(new Estimate(memory, n, size.relationshipCount(), synthetic), ids, labels);
    }

    private static GdsGraphs.Selection selection(TrainConfig config) {
        return GdsGraphs.Selection.of(TrainConfig.filter(config.nodeLabels()), TrainConfig.filter(config.relationshipTypes()));
    }

    private static Map<String, Object> synthesisReport(SynthesisReport report, Object[] classes) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("epoch", (long) report.epoch());
        map.put("phase", report.phase().name().toLowerCase(Locale.ROOT));
        List<Map<String, Object>> perClass = new ArrayList<>();
        for (int c = 0; c < classes.length; c++) {
            perClass.add(Map.of("class", classes[c], "syntheticNodes", (long) report.countsPerClass()[c]));
        }
        map.put("perClass", perClass);
        map.put("meanDelta", report.meanDelta());
        map.put("meanSyntheticInDegree", report.meanSyntheticInDegree());
        map.put("syntheticEdges", (long) report.edgeCount());
        return map;
    }

    private static double[] logitOffsets(TrainConfig config, TrainingData data) {
        double[] offsets = new double[data.classIndex().size()];
        if (config.training().loss() == LossKind.PC_SOFTMAX) {
            float[] prior = LogitReadout.logPrior(data.snapshot());
            for (int c = 0; c < offsets.length; c++) {
                offsets[c] = -prior[c];
            }
        }
        return offsets;
    }

    /** @param selection {@code modelSelectionStats}, kept with the metrics when not empty (older models lack it) */
    private static Map<String, Object> metrics(TrainingResult result, TrainingData data, Map<String, Object> selection) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("validation", MetricMaps.of(result.validation(), data.classValues()));
        if (hasNodes(data, SplitRole.TEST)) {
            metrics.put("test", MetricMaps.of(result.test(), data.classValues()));
        }
        if (!selection.isEmpty()) {
            metrics.put("modelSelectionStats", selection);
        }
        return metrics;
    }

    static boolean hasNodes(TrainingData data, SplitRole role) {
        for (SplitRole r : data.roles()) {
            if (r == role) {
                return true;
            }
        }
        return false;
    }

    /** Starts a GDS job with the given stages; the procedure binds it to its registry, log and concurrency. */
    @FunctionalInterface
    public interface ProgressFactory {
        GdsProgress start(String job, List<GdsProgress.Stage> stages);
    }
}
