package org.graphsha.store.read;

import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.NotFoundException;
import org.neo4j.graphdb.Transaction;

/** Finds a node of a GDS projection in the database, with a message that says what to do when it is gone. */
public final class NodeLookup {

    private NodeLookup() {}

    public static Node require(Transaction tx, long neo4jId) {
        try {
            return tx.getNodeById(neo4jId);
        } catch (NotFoundException e) {
            throw new IllegalStateException("Node " + neo4jId + " of the projection no longer exists in the database; "
                + "project the graph again");
        }
    }
}
