package org.graphsha.procedures;

import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.config.TrainConfig;
import org.graphsha.live.LiveScoring;
import org.graphsha.pipeline.TrainSizing;
import org.neo4j.gds.core.Username;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/**
 * Memory estimation in GDS's yield shape, with the heap / native split PyTorch makes necessary: the
 * figures graphsha.train's memory guard compares.
 */
public class TrainEstimateProc {

    @Context
    public GraphDatabaseAPI db;

    @Context
    public Transaction tx;

    @Context
    public Username username;

    @Context
    public LiveScoring live;

    @Procedure(name = "graphsha.train.estimate", mode = Mode.READ)
    @Description("Estimates the heap and native (PyTorch) memory graphsha.train would need with this configuration, "
        + "and its time on this machine from a few measured epochs on generated graphs of the same shape.")
    public Stream<EstimateResult> estimate(@Name("graphName") String graphName,
                                           @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        TrainConfig config = TrainConfig.of(graphName, configuration);
        TrainSizing.Estimate estimate = TrainSizing.estimate(config,
            new Caller(db, username, live).graphs(), tx);
        return Stream.of(EstimateResult.of(estimate.memory(), estimate.nodeCount(), estimate.relationshipCount())
            .withExpectedTime(TrainSizing.expectedTime(config, estimate)));
    }
}
