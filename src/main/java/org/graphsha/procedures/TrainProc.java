package org.graphsha.procedures;

import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.config.TrainConfig;
import org.graphsha.pipeline.MemoryGuard;
import org.graphsha.pipeline.ModelMaps;
import org.graphsha.pipeline.TrainPipeline;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

public class TrainProc extends JobProcedure {

    public record TrainResult(
        String modelName, Map<String, Object> modelInfo, long preProcessingMillis, long trainMillis,
        Map<String, Object> validationMetrics, Map<String, Object> testMetrics, double syntheticNodesPerEpoch,
        Map<String, Object> lastSynthesis, String device, long trainingThreads,
        Map<String, Object> configuration, Map<String, Object> modelSelectionStats) {}

    @Procedure(name = "graphsha.train", mode = Mode.READ)
    @Description("Trains a GNN (sage, gcn or gat; sage by default) on a GDS graph with GraphSHA synthesis or one of "
        + "the loss-based baselines (or the best of candidateMethods by cross-validation), and stores the model in the "
        + "graphsha model catalog.")
    public Stream<TrainResult> train(@Name("graphName") String graphName,
                                     @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        TrainConfig config = TrainConfig.of(graphName, configuration);
        ProcedureContext context = context();
        TrainPipeline.Outcome outcome = TrainPipeline.run(config, context.graphs(), tx, context.catalog(),
            context.progress(config.concurrency(), config.job()), terminationGuard::check,
            MemoryGuard.Available.now(live.bytes()));
        var metrics = outcome.model().metrics();
        @SuppressWarnings("unchecked")
        Map<String, Object> validation = (Map<String, Object>) metrics.get("validation");
        @SuppressWarnings("unchecked")
        Map<String, Object> test = (Map<String, Object>) metrics.get("test");
        return Stream.of(new TrainResult(config.modelName(), ModelMaps.info(outcome.model()),
            outcome.preProcessingMillis(), outcome.trainMillis(), validation, test, outcome.syntheticNodesPerEpoch(),
            outcome.synthesis(), outcome.result().device(),
            outcome.result().engineThreads(), outcome.model().configuration(), outcome.modelSelection()));
    }
}
