package org.graphsha.store;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.LongPredicate;

import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Transaction;
import org.neo4j.graphdb.event.PropertyEntry;
import org.neo4j.graphdb.event.TransactionData;
import org.neo4j.graphdb.event.TransactionEventListener;
import org.neo4j.kernel.api.txstate.TxStateHolder;
import org.neo4j.kernel.impl.coreapi.InternalTransaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.token.api.TokenConstants;

/**
 * Tells a cache of per-node values which nodes changed: after every committed transaction of a
 * watched database, the nodes whose properties were written or removed (by property key), and the
 * nodes deleted or relabelled, go to the sink. Within the caller's own transaction, uncommitted changes are told by
 * {@link #changedInTransaction}.
 */
public final class NodeChanges implements TransactionEventListener<Object> {

    /** Receives the changes of one committed transaction of a database (by its {@link #watch} key). */
    public interface Sink {
        /** Whether anything is cached for the database; when not, a commit costs nothing. */
        boolean watching(String database);

        /**
         * @param byProperty node ids whose property of that key was written or removed
         * @param other      node ids deleted, or whose labels changed
         */
        void changed(String database, Map<String, long[]> byProperty, long[] other);
    }

    private static final Map<GraphDatabaseAPI, String> WATCHED = Collections.synchronizedMap(new WeakHashMap<>());

    private final String database;
    private final Sink sink;

    private NodeChanges(String database, Sink sink) {
        this.database = database;
        this.sink = sink;
    }

    /**
     * Starts watching the database (once per database instance) and returns its key: the database's id
     * and the instance, so that a database created anew in the same JVM never shares cached rows.
     */
    public static String watch(GraphDatabaseAPI db, Sink sink) {
        String known = WATCHED.get(db);
        if (known != null) {
            return known;
        }
        synchronized (WATCHED) {
            return WATCHED.computeIfAbsent(db, d -> {
                String key = d.databaseId().databaseId().uuid() + "@" + Integer.toHexString(System.identityHashCode(d));
                d.getDependencyResolver().resolveDependency(DatabaseManagementService.class)
                    .registerTransactionEventListener(d.databaseName(), new NodeChanges(key, sink));
                return key;
            });
        }
    }

    /**
     * Nodes whose features or labels the caller's transaction has changed and not yet committed (created,
     * deleted, relabelled, or one of {@code properties} written or removed): their stored values, and rows
     * computed from them, are not what the transaction sees. Null when the transaction has no changes.
     */
    public static LongPredicate changedInTransaction(Transaction tx, List<String> properties) {
        if (tx instanceof InternalTransaction internal && internal.kernelTransaction() instanceof TxStateHolder holder) {
            if (!holder.hasTxStateWithChanges()) {
                return null;
            }
            var state = holder.txState();
            var tokens = internal.kernelTransaction().tokenRead();
            int[] keys = properties.stream().mapToInt(tokens::propertyKey)
                .filter(k -> k != TokenConstants.NO_TOKEN).toArray();
            return id -> {
                if (state.nodeIsAddedInThisBatch(id) || state.nodeIsDeletedInThisBatch(id)) {
                    return true;
                }
                if (!state.nodeIsModifiedInThisBatch(id)) {
                    return false;
                }
                var node = state.getNodeState(id);
                if (!node.labelDiffSets().isEmpty()) {
                    return true;
                }
                for (int key : keys) {
                    if (node.isPropertyChangedOrRemoved(key) || node.isPropertyAdded(key)) {
                        return true;
                    }
                }
                return false;
            };
        }
        return id -> true;
    }

    @Override
    public Object beforeCommit(TransactionData data, Transaction transaction, GraphDatabaseService databaseService) {
        return null;
    }

    @Override
    public void afterCommit(TransactionData data, Object state, GraphDatabaseService databaseService) {
        if (!sink.watching(database)) {
            return;
        }
        Map<String, List<Long>> byProperty = new HashMap<>();
        for (Iterable<PropertyEntry<Node>> entries : List.of(data.assignedNodeProperties(), data.removedNodeProperties())) {
            for (PropertyEntry<Node> entry : entries) {
                byProperty.computeIfAbsent(entry.key(), k -> new java.util.ArrayList<>()).add(id(entry.entity()));
            }
        }
        java.util.ArrayList<Long> deleted = new java.util.ArrayList<>();
        for (Node node : data.deletedNodes()) {
            deleted.add(id(node));
        }
        for (Iterable<org.neo4j.graphdb.event.LabelEntry> entries : List.of(data.assignedLabels(), data.removedLabels())) {
            for (org.neo4j.graphdb.event.LabelEntry entry : entries) {
                deleted.add(id(entry.node()));
            }
        }
        if (byProperty.isEmpty() && deleted.isEmpty()) {
            return;
        }
        Map<String, long[]> arrays = new HashMap<>();
        byProperty.forEach((key, ids) -> arrays.put(key, ids.stream().mapToLong(Long::longValue).toArray()));
        sink.changed(database, arrays, deleted.stream().mapToLong(Long::longValue).toArray());
    }

    @Override
    public void afterRollback(TransactionData data, Object state, GraphDatabaseService databaseService) {}

    @SuppressWarnings("deprecation")
    private static long id(Node node) {
        return node.getId();
    }
}
