package org.graphsha.procedures;

import java.util.Map;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.PredictConfig;
import org.graphsha.pipeline.PredictPipeline;
import org.neo4j.gds.core.Username;
import org.neo4j.gds.core.utils.progress.TaskRegistryFactory;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.logging.Log;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.TerminationGuard;

/**
 * What every {@code graphsha.predict} mode takes from Neo4j and GDS. Neo4j injects superclass fields too,
 * and its generated procedure classes need this class to be public.
 */
public abstract class PredictProcBase {

    @Context
    public GraphDatabaseAPI db;

    @Context
    public Transaction tx;

    @Context
    public Log log;

    @Context
    public Username username;

    @Context
    public TaskRegistryFactory taskRegistryFactory;

    @Context
    public TerminationGuard terminationGuard;

    /** Reads and validates every key, then loads the model: nothing heavy happens before both succeed. */
    PredictPipeline.Call call(PredictConfig.Mode mode, String graphName, Map<String, Object> configuration) {
        PredictConfig config = PredictConfig.of(mode, graphName, configuration);
        ProcedureContext context = new ProcedureContext(db, username, taskRegistryFactory, log);
        TrainedModel model = context.catalog().get(config.modelName());
        return new PredictPipeline.Call(config, model, context.graphs(),
            context.progress(config.concurrency(), config.jobId().orElse(null), config.logProgress()),
            terminationGuard::check);
    }
}
