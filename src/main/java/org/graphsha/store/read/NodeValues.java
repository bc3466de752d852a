package org.graphsha.store.read;

import org.neo4j.graphdb.Transaction;

/** Reads one property of many nodes by Neo4j id, for values GDS cannot project (strings). */
public final class NodeValues {

    private NodeValues() {}

    /** @return the value per node, null where the node lacks the property */
    public static Object[] read(Transaction tx, long[] neo4jIds, String property) {
        Object[] values = new Object[neo4jIds.length];
        for (int i = 0; i < neo4jIds.length; i++) {
            values[i] = NodeLookup.require(tx, neo4jIds[i]).getProperty(property, null);
        }
        return values;
    }
}
