package org.graphsha.procedures;

import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.config.PredictConfig;
import org.graphsha.config.PredictConfig.Mode;
import org.graphsha.live.LiveScoring;
import org.graphsha.pipeline.PredictPipeline;
import org.neo4j.gds.core.Username;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** {@code graphsha.predict.<mode>.estimate} for every mode, in GDS's estimate shape; the same keys as the mode. */
public class PredictEstimateProc {

    @Context
    public GraphDatabaseAPI db;

    @Context
    public Username username;

    @Context
    public LiveScoring live;

    @Procedure(name = "graphsha.predict.stream.estimate", mode = org.neo4j.procedure.Mode.READ)
    @Description("Estimates the heap and native (PyTorch) memory graphsha.predict.stream would need.")
    public Stream<EstimateResult> stream(@Name("graphName") String graphName,
                                         @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        return estimate(Mode.STREAM, graphName, configuration);
    }

    @Procedure(name = "graphsha.predict.write.estimate", mode = org.neo4j.procedure.Mode.READ)
    @Description("Estimates the heap and native (PyTorch) memory graphsha.predict.write would need.")
    public Stream<EstimateResult> write(@Name("graphName") String graphName,
                                        @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        return estimate(Mode.WRITE, graphName, configuration);
    }

    @Procedure(name = "graphsha.predict.mutate.estimate", mode = org.neo4j.procedure.Mode.READ)
    @Description("Estimates the heap and native (PyTorch) memory graphsha.predict.mutate would need.")
    public Stream<EstimateResult> mutate(@Name("graphName") String graphName,
                                         @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        return estimate(Mode.MUTATE, graphName, configuration);
    }

    @Procedure(name = "graphsha.predict.stats.estimate", mode = org.neo4j.procedure.Mode.READ)
    @Description("Estimates the heap and native (PyTorch) memory graphsha.predict.stats would need.")
    public Stream<EstimateResult> stats(@Name("graphName") String graphName,
                                        @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        return estimate(Mode.STATS, graphName, configuration);
    }

    private Stream<EstimateResult> estimate(Mode mode, String graphName, Map<String, Object> configuration) {
        PredictConfig config = PredictConfig.of(mode, graphName, configuration);
        Caller context = new Caller(db, username, live);
        PredictPipeline.Estimate estimate = PredictPipeline.estimate(config, context.catalog().get(config.modelName()),
            context.graphs());
        return Stream.of(EstimateResult.of(estimate.memory(), estimate.nodeCount(), estimate.relationshipCount()));
    }
}
