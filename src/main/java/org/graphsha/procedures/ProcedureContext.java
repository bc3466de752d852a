package org.graphsha.procedures;

import java.util.List;

import org.graphsha.catalog.ModelCatalog;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.GdsProgress;
import org.graphsha.pipeline.TrainPipeline;
import org.graphsha.store.ModelDirectory;
import org.neo4j.gds.core.Username;
import org.neo4j.gds.core.utils.progress.TaskRegistryFactory;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.logging.Log;

/** What the train and predict procedures take from Neo4j and GDS, built once per call. */
record ProcedureContext(GraphDatabaseAPI db, Username username, TaskRegistryFactory tasks, Log log) {

    GdsGraphs graphs() {
        return new GdsGraphs(username.username(), db.databaseName());
    }

    ModelCatalog catalog() {
        return ModelCatalog.at(ModelDirectory.of(db));
    }

    TrainPipeline.ProgressFactory progress(int concurrency, String jobId) {
        return progress(concurrency, jobId, true);
    }

    TrainPipeline.ProgressFactory progress(int concurrency, String jobId, boolean logProgress) {
        return (String job, List<GdsProgress.Stage> stages) ->
            GdsProgress.start(tasks, log, concurrency, jobId, job, stages, logProgress);
    }
}
