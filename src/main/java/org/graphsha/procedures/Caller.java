package org.graphsha.procedures;

import java.util.function.Consumer;

import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.GdsVersionCheck;
import org.graphsha.live.LiveScoring;
import org.graphsha.store.settings.BuildInfo;
import org.graphsha.store.settings.ModelDirectory;
import org.neo4j.gds.core.Username;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * Who calls, in which database: what a call needs to reach its GDS graphs and its models. Estimates and
 * live scoring need no more; jobs add GDS's progress reporting ({@link ProcedureContext}).
 *
 * @param live told of every model file the catalog stores or drops, so that its cached copy goes
 */
record Caller(GraphDatabaseAPI db, Username username, LiveScoring live) {

    GdsGraphs graphs() {
        return graphs(warning -> {});
    }

    /**
     * The caller's GDS graphs, once this server's GDS is known to be one graphsha can run on: another minor version
     * than the tested one is refused with a message naming both, a patch release goes to {@code warn}.
     */
    GdsGraphs graphs(Consumer<String> warn) {
        GdsVersionCheck check = GdsVersionCheck.ofServer(BuildInfo.read().gdsTested());
        check.requireUsable();
        if (check.outcome() == GdsVersionCheck.Outcome.WARN) {
            warn.accept(check.message());
        }
        return new GdsGraphs(username.username(), db.databaseName());
    }

    /**
     * The caller's models for train, predict and synthetic.write: their own and the shared ones. Using a
     * model needs no admin rights, and an admin uses no other user's model (as in GDS's model catalog).
     */
    ModelCatalog catalog() {
        return ModelCatalog.at(ModelDirectory.of(db), new CatalogUser(username.username(), false),
            live::modelFileChanged);
    }
}
