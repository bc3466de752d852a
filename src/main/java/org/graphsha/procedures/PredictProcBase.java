package org.graphsha.procedures;

import java.util.Map;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.PredictConfig;
import org.graphsha.pipeline.MemoryGuard;
import org.graphsha.pipeline.PredictPipeline;

/**
 * What every {@code graphsha.predict} mode shares: reading its configuration and model before any heavy
 * work. Public because Neo4j's generated procedure classes need it.
 */
public abstract class PredictProcBase extends JobProcedure {

    /** Reads and validates every key, then loads the model: nothing heavy happens before both succeed. */
    PredictPipeline.Call call(PredictConfig.Mode mode, String graphName, Map<String, Object> configuration) {
        PredictConfig config = PredictConfig.of(mode, graphName, configuration);
        ProcedureContext context = context();
        TrainedModel model = context.catalog().get(config.modelName());
        return new PredictPipeline.Call(config, model, context.graphs(),
            context.progress(config.concurrency(), config.jobId().orElse(null), config.logProgress()),
            terminationGuard::check, MemoryGuard.Available.now(live.bytes()));
    }
}
