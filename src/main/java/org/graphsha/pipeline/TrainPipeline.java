package org.graphsha.pipeline;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.catalog.TrainingGraph;
import org.graphsha.config.ConfigReader;
import org.graphsha.config.NamedRun;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.SplitRole;
import org.graphsha.data.TrainingData;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.GdsProgress;
import org.graphsha.gds.ProjectedGraph;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.method.Method;
import org.graphsha.method.RunConfig;
import org.graphsha.method.TrainingPlan;
import org.graphsha.method.selection.CrossValidation;
import org.graphsha.nn.Engines;
import org.graphsha.synthesis.graphsha.GraphShaSynthesizer;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainingResult;
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
        + "skips it; vanilla and the loss-based methods add none), or backbone: 'sign', which keeps one batch of rows "
        + "on the engine instead of the whole graph's activations (its hop features, (hops + 1) x nodes x features "
        + "floats, are on the heap)";

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
        boolean onGpu = Engines.device(config.device()).isGpu();
        boolean selects = config.candidates().enabled();
        boolean needsDiffusion = config.methods().stream().anyMatch(Method::needsDiffusion);
        long start = System.nanoTime();
        // Looked up once: sizing, reading and describing the graph all see the same projection.
        GdsGraphs.Projection projection = graphs.projection(config.graphName());
        TrainSizing.Sized sized = TrainSizing.size(config, projection, tx);
        MemoryGuard.check(PROCEDURE, sized.estimate().memory(), config.job().sudo(), available, ADVICE);
        Read read = read(config, projection, sized);
        FeatureTransform features = read.features();
        TrainingData data = read.data();
        config.decision().requireFits(data.classValues());
        config.lossWeights().requireFits(data.classValues());
        ProjectionSchema schema = projection.schema(TrainConfig.filter(config.nodeLabels()),
            TrainConfig.filter(config.relationshipTypes()));

        GraphSnapshot snapshot = data.snapshot();
        long seed = config.seed();
        // Built with S̃ once it is computed; here it only sizes the stages and checks the folds.
        TrainingPlan sizing = config.plan(null);
        sizing.checkFolds(snapshot, seed);
        int n = snapshot.nodeCount();
        int epochs = config.epochs();
        List<GdsProgress.Stage> stages = new ArrayList<>();
        stages.add(new GdsProgress.Stage("diffusion", needsDiffusion ? n : 0));
        if (selects) {
            stages.add(CandidateSelection.stage(sizing, snapshot, epochs));
        }
        // Scored on the validation nodes, the chosen candidate's run is member 0 and its epochs are the selection's.
        int reused = config.candidates().keepsChosenRun(snapshot) ? 1 : 0;
        stages.add(new GdsProgress.Stage("training", (long) epochs * (config.ensembleSize() - reused)));
        GdsProgress progress = progressFactory.start("graphsha.train", stages);
        try {
            if (config.device() == Engines.DeviceChoice.AUTO) {
                progress.info("device auto: " + (onGpu ? "training on the GPU" : "no GPU visible, training on the CPU"));
            }
            progress.beginStage("diffusion");
            NeighbourDistribution distribution = null;
            if (needsDiffusion) {
                for (NamedRun candidate : config.runs()) {
                    if (candidate.run().method().needsDiffusion()) {
                        GraphShaSynthesizer.requireSupported(snapshot, candidate.run().synthesis());
                    }
                }
                // The diffusion reports from its worker threads; a terminated transaction stops it there too.
                // Members that draw their own holdout train on validation nodes too: keep those rows as well.
                boolean[] rows = GraphShaSynthesizer.rowsRead(snapshot, TrainSizing.membersRedrawHoldout(config));
                progress.volume(Diffusion.columns(n, config.diffusion(), rows));
                distribution = Diffusion.compute(snapshot.adjacency(), config.diffusion(), rows, steps -> {
                    checkTerminated.run();
                    progress.progress(steps);
                });
            }
            progress.endStage("diffusion");
            checkTerminated.run();
            TrainingPlan plan = config.plan(distribution);
            // Without candidates the run is the call's own; with them, that of a call naming the chosen method.
            TrainingPlan.Choice choice = selects
                ? CandidateSelection.choose(plan, snapshot, seed, progress, checkTerminated)
                : plan.choose(snapshot, seed, EpochListener.NONE, CrossValidation.FoldListener.NONE);
            RunConfig run = choice.run().config();
            Map<String, Object> kept = selects ? config.chosenConfiguration(choice.index()) : config.effective();
            int members = config.ensembleSize();
            long trained = System.nanoTime();

            progress.beginStage("training");
            long[] epochsSeen = {choice.chosenRun() == null ? 0 : epochs};
            // At most about ten epoch summaries in the log, however long the run.
            int infoEvery = Math.max(100, (epochs + 9) / 10);
            EpochListener listener = report -> {
                checkTerminated.run();
                epochsSeen[0]++;
                progress.progress(1);
                if ((report.epoch() + 1) % infoEvery == 0 || report.epoch() + 1 == report.epochs()) {
                    String member = members == 1 ? "" : String.format("member %d/%d, ",
                        (epochsSeen[0] - 1) / epochs + 1, members);
                    progress.info(String.format("%sepoch %d/%d: train loss %.4f, val loss %.4f, val accuracy %.4f", member,
                        report.epoch() + 1, report.epochs(), report.trainLoss(), report.valLoss(), report.valAccuracy()));
                }
            };
            // Without a split property each member holds out its own validation nodes, as a call with its seed would.
            LongFunction<GraphSnapshot> ownHoldouts = config.splitProperty().isPresent() ? null
                : memberSeed -> data.withHoldout(config.validationFraction(), memberSeed).snapshot();
            TrainingPlan.Trained ensemble = plan.ensemble(choice, snapshot, seed, ownHoldouts, listener,
                TrainingPlan.MemberListener.NONE);
            TrainingResult result = ensemble.first();
            progress.endStage("training");
            long finished = System.nanoTime();

            TrainedModel model = new TrainedModel(config.modelName(), read.graph(),
                run.training().model(),
                ConfigReader.choiceName(run.method()), data.classIndex().values(), config.featureProperties(),
                read.featureDimension(), result.bestEpoch(),
                configuration(kept, features),
                metrics(ensemble, data, CandidateSelection.yielded(choice), config), Instant.now(), result.parameters(),
                ensemble.logitOffsets(), schema,
                ensemble.otherMembers(), features, ensemble.operatingPoint().decision());
            catalog.store(model, config.overwrite());
            progress.finish("graphsha.train");
            return new Outcome(model, result, (trained - start - choice.nanos()) / 1_000_000,
                (finished - trained) / 1_000_000, ensemble.syntheticNodesPerEpoch(),
                ensemble.synthesis() == null ? Map.of() : MetricMaps.of(ensemble.synthesis(), data.classValues()),
                CandidateSelection.yielded(choice));
        } catch (RuntimeException | Error e) {
            progress.fail();
            throw e;
        }
    }

    /** The kept configuration, with {@code featureNormalization: 'auto'} replaced by what it chose. */
    private static Map<String, Object> configuration(Map<String, Object> kept, FeatureTransform features) {
        Map<String, Object> configuration = new LinkedHashMap<>(kept);
        configuration.put("featureNormalization", features.keyValue());
        return configuration;
    }

    /**
     * @param selection {@code modelSelectionStats}, kept with the metrics when not empty (older models lack it)
     */
    private static Map<String, Object> metrics(TrainingPlan.Trained trained, TrainingData data,
                                               Map<String, Object> selection, TrainConfig config) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("validation", MetricMaps.of(trained.validation(), data));
        if (hasNodes(data, SplitRole.TEST)) {
            metrics.put("test", MetricMaps.of(trained.test(), data));
        }
        // The training nodes under the same decision, for GDS's train and outerTrain scores (modelInfo.metrics).
        metrics.put("train", MetricMaps.of(trained.train(), data));
        metrics.put("calibration", MetricMaps.calibration(trained.operatingPoint()));
        metrics.put("decision", MetricMaps.decision(trained.operatingPoint(), config.decision(), data.classValues()));
        if (trained.members().size() > 1) {
            metrics.put("ensembleMembers", MetricMaps.members(trained.members()));
        }
        if (!selection.isEmpty()) {
            metrics.put("modelSelectionStats", selection);
        }
        if (config.earlyStopping().enabled()) {
            // The first member's run, as bestEpoch is: how far early stopping let it train.
            TrainingResult first = trained.first();
            metrics.put("epochsTrained", (long) first.epochsTrained());
            if (first.stoppedEpoch() >= 0) {
                metrics.put("stoppedEpoch", (long) first.stoppedEpoch());
            }
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

    /** What training keeps of the projection read: its edges and raw features are not held while it trains. */
    private record Read(TrainingData data, FeatureTransform features, TrainingGraph graph, int featureDimension) {}

    private static Read read(TrainConfig config, GdsGraphs.Projection projection, TrainSizing.Sized sized) {
        ProjectedGraph graph = projection.read(TrainSizing.selection(config), config.featureProperties());
        if (!java.util.Arrays.equals(graph.neo4jIds(), sized.ids())) {
            throw new IllegalStateException("Graph `" + config.graphName() + "` changed while graphsha.train read it; "
                + "run the call again");
        }
        FeatureTransform features = config.featureNormalization().fit(graph.features());
        return new Read(Inputs.trainingData(features, graph, sized.labels()), features,
            new TrainingGraph(graph.graphName(), graph.schema().nodeLabels(), graph.schema().relationshipTypes(),
                graph.schema().featureWidths()), graph.features().dimension());
    }
}
