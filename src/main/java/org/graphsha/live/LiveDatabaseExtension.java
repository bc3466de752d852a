package org.graphsha.live;

import java.util.function.Supplier;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.kernel.api.procedure.GlobalProcedures;
import org.neo4j.kernel.extension.ExtensionFactory;
import org.neo4j.kernel.extension.ExtensionType;
import org.neo4j.kernel.extension.context.ExtensionContext;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.kernel.lifecycle.Lifecycle;
import org.neo4j.kernel.lifecycle.LifecycleAdapter;

/**
 * Per database: makes the DBMS's {@link LiveScoring} injectable into procedures ({@code @Context}), and
 * while the database runs, tells it every committed change ({@link NodeChanges} as a transaction event
 * listener, registered when the database starts and removed when it stops, with the rows kept of it).
 */
public final class LiveDatabaseExtension extends ExtensionFactory<LiveDatabaseExtension.Dependencies> {

    /** What this extension takes from the database and the DBMS. */
    public interface Dependencies {
        LiveScoring liveScoring();

        GlobalProcedures globalProceduresRegistry();

        GraphDatabaseAPI graphDatabaseAPI();

        DatabaseManagementService databaseManagementService();
    }

    public LiveDatabaseExtension() {
        super(ExtensionType.DATABASE, "graphsha.live.database");
    }

    @Override
    public Lifecycle newInstance(ExtensionContext context, Dependencies dependencies) {
        LiveScoring live = dependencies.liveScoring();
        dependencies.globalProceduresRegistry().registerComponent(LiveScoring.class, procedureContext -> live, true);
        return new Watch(live, dependencies.graphDatabaseAPI(), dependencies::databaseManagementService);
    }

    /** Feeds one database's committed changes to live scoring while the database runs. */
    static final class Watch extends LifecycleAdapter {
        private final LiveScoring live;
        private final GraphDatabaseAPI db;
        private final Supplier<DatabaseManagementService> dbms;
        private NodeChanges listener;

        Watch(LiveScoring live, GraphDatabaseAPI db, Supplier<DatabaseManagementService> dbms) {
            this.live = live;
            this.db = db;
            this.dbms = dbms;
        }

        @Override
        public synchronized void start() {
            if (db.databaseName().equals(GraphDatabaseSettings.SYSTEM_DATABASE_NAME)) {
                return; // holds no nodes to score, and Neo4j takes no listener for it
            }
            String key = live.watch(db.databaseName(), db.databaseId().databaseId().uuid().toString());
            NodeChanges changes = new NodeChanges(key, live);
            dbms.get().registerTransactionEventListener(db.databaseName(), changes);
            listener = changes;
        }

        @Override
        public synchronized void stop() {
            if (listener != null) {
                dbms.get().unregisterTransactionEventListener(db.databaseName(), listener);
                listener = null;
            }
            live.unwatch(db.databaseName());
        }
    }
}
