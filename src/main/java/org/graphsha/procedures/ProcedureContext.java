package org.graphsha.procedures;

import java.util.List;

import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.config.JobOptions;
import org.graphsha.gds.GdsProgress;
import org.graphsha.live.LiveScoring;
import org.graphsha.pipeline.TrainPipeline;
import org.graphsha.store.settings.ModelDirectory;
import org.neo4j.gds.core.Username;
import org.neo4j.gds.core.utils.progress.TaskRegistryFactory;
import org.neo4j.internal.kernel.api.security.SecurityContext;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.logging.Log;

/** What the train and predict procedures take from Neo4j and GDS, built once per call. */
record ProcedureContext(Caller caller, TaskRegistryFactory tasks, Log log) {

    /** The role that makes a user an admin in GDS 2.13 (its {@code UserAccessor}: {@code roles().contains("admin")}). */
    static final String ADMIN_ROLE = "admin";

    GdsGraphs graphs() {
        return caller.graphs(log::warn);
    }

    /** The caller's models ({@link Caller#catalog}). */
    ModelCatalog catalog() {
        return caller.catalog();
    }

    /**
     * The caller as the model catalog sees them. The name is GDS's {@link Username} (the security context's
     * executing user, {@code ""} with authentication off). An admin is who GDS takes for one, a user with the
     * role {@code admin} (Neo4j Enterprise; Community has no roles), and, beyond GDS, a call with
     * authentication off: models outlive a switch of {@code dbms.security.auth_enabled}, and such a call
     * can do everything else in the database anyway.
     */
    static CatalogUser user(Username username, SecurityContext security) {
        return new CatalogUser(username.username(), security.isAuthDisabled() || security.roles().contains(ADMIN_ROLE));
    }

    /** The model catalog as the caller reaches it, telling live scoring of every model file it writes or drops. */
    static ModelCatalog catalog(GraphDatabaseAPI db, Username username,
                                SecurityContext security, LiveScoring live) {
        return ModelCatalog.at(ModelDirectory.of(db), user(username, security),
            live::modelFileChanged);
    }

    TrainPipeline.ProgressFactory progress(int concurrency, JobOptions options) {
        return (String job, List<GdsProgress.Stage> stages) ->
            GdsProgress.start(tasks, log, concurrency, options.jobIdOrNull(), options.logProgress(), job, stages);
    }

    TrainPipeline.ProgressFactory progress(int concurrency, String jobId, boolean logProgress) {
        return (String job, List<GdsProgress.Stage> stages) ->
            GdsProgress.start(tasks, log, concurrency, jobId, logProgress, job, stages);
    }
}
