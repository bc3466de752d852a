package org.graphsha.procedures;

import org.neo4j.gds.core.Username;
import org.neo4j.gds.core.utils.progress.TaskRegistryFactory;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.logging.Log;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.TerminationGuard;

/**
 * What every long-running graphsha call takes from Neo4j and GDS: the database and transaction, the
 * caller, and what a GDS job needs (task registry, log, termination guard). Neo4j injects superclass
 * fields too, and its generated procedure classes need this class to be public.
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

    ProcedureContext context() {
        return new ProcedureContext(db, username, taskRegistryFactory, log);
    }
}
