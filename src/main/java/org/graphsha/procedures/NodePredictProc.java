package org.graphsha.procedures;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.graphsha.live.LiveScoring;
import org.graphsha.live.NodePredictConfig;
import org.graphsha.live.NodePredictPipeline;
import org.graphsha.live.rows.ModelRows;
import org.graphsha.store.read.NodeIds;
import org.neo4j.gds.core.Username;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** Live classification: nodes scored from their neighbourhood in the caller's transaction, no projection. */
public class NodePredictProc {

    @Context
    public GraphDatabaseAPI db;

    @Context
    public Transaction tx;

    @Context
    public Username username;

    @Context
    public LiveScoring live;

    /** The yields of {@code graphsha.predict.stream}. */
    public record NodeResult(long nodeId, Object predictedClass, List<Double> predictedProbabilities, double confidence) {}

    @Procedure(name = "graphsha.predict.nodes", mode = Mode.READ)
    @Description("Classifies the given nodes (a node, a node id, or a list) with a trained graphsha model, reading their "
        + "two-hop neighbourhood in the current transaction: no GDS projection needed.")
    public Stream<NodeResult> nodes(@Name("modelName") String modelName, @Name("nodes") Object nodes,
                                    @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        NodePredictConfig config = NodePredictConfig.of(modelName, configuration);
        long[] ids = NodeIds.of(nodes);
        ModelRows model = live.load(new Caller(db, username, live).catalog(), config.modelName());
        String database = live.databaseKey(db.databaseName());
        NodePredictPipeline.Predictions p = NodePredictPipeline.run(config, model, database, tx, ids);
        return IntStream.range(0, p.neo4jIds().length).mapToObj(i -> new NodeResult(p.neo4jIds()[i], p.classValues()[i],
            Arrays.stream(p.probabilities()[i]).boxed().toList(),
            p.confidence()[i]));
    }
}
