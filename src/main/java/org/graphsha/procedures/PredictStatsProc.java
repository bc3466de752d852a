package org.graphsha.procedures;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.config.PredictConfig.Mode;
import org.graphsha.pipeline.PredictModes;
import org.graphsha.pipeline.PredictPipeline;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** {@code graphsha.predict.stats}: GDS's stats mode (a summary, no per-node output) for a graphsha model. */
public class PredictStatsProc extends PredictProcBase {

    public record StatsResult(long nodeCount, List<Map<String, Object>> perClass, Map<String, Object> confidenceDistribution,
                              Map<String, Object> metrics, long preProcessingMillis, long computeMillis,
                              long postProcessingMillis, Map<String, Object> configuration) {}

    @Procedure(name = "graphsha.predict.stats", mode = org.neo4j.procedure.Mode.READ)
    @Description("Classifies the nodes of a GDS graph with a trained graphsha model and returns the predicted nodes "
        + "per class, the confidence distribution and the metrics on the nodes whose class is known, without per-node "
        + "output.")
    public Stream<StatsResult> stats(@Name("graphName") String graphName,
                                     @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        PredictPipeline.Outcome<PredictModes.Stats> o = PredictModes.stats(call(Mode.STATS, graphName, configuration),
            tx);
        PredictPipeline.Predictions p = o.predictions();
        return Stream.of(new StatsResult(p.nodeCount(), o.output().perClass(), o.output().confidenceDistribution(),
            o.output().metrics(), p.preProcessingMillis(), p.computeMillis(), o.postProcessingMillis(), p.configuration()));
    }
}
