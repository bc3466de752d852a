package org.graphsha.procedures;

import org.graphsha.live.LiveScoring;
import org.graphsha.store.write.BatchedWrite;
import org.neo4j.gds.core.Username;
import org.neo4j.gds.core.utils.progress.TaskRegistryFactory;
import org.neo4j.graphdb.Transaction;
import org.neo4j.internal.kernel.api.security.SecurityContext;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.logging.Log;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.TerminationGuard;

/**
 * What every long-running graphsha call takes from Neo4j and GDS: the database and transaction, the
 * caller (name and security context), live scoring's model cache (which forgets a model the call
 * stores), and what a GDS job needs (task registry, log, termination
 * guard). Neo4j injects superclass fields too, and its generated procedure classes need this class to
 * be public.
 */
public abstract class JobProcedure {

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

    @Context
    public SecurityContext securityContext;

    @Context
    public LiveScoring live;

    /** Batches run as the caller (their own transactions, the caller's security context); atomic writes in {@link #tx}. */
    BatchedWrite writer() {
        return BatchedWrite.forCall(db, securityContext, tx);
    }

    ProcedureContext context() {
        return new ProcedureContext(new Caller(db, username, live), taskRegistryFactory, log);
    }
}
