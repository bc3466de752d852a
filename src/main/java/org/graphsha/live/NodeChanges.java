package org.graphsha.live;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

import org.graphsha.live.rows.GraphChanges;

import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Transaction;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.event.LabelEntry;
import org.neo4j.graphdb.event.PropertyEntry;
import org.neo4j.graphdb.event.TransactionData;
import org.neo4j.graphdb.event.TransactionEventListener;
import org.neo4j.kernel.api.txstate.TxStateHolder;
import org.neo4j.kernel.impl.coreapi.InternalTransaction;
import org.neo4j.token.api.TokenConstants;

/**
 * Tells a cache of per-node values what changed. Registered as a transaction event listener of one
 * database (by {@link LiveScoringExtension}, while the database runs): after every committed transaction
 * the nodes whose properties were written or removed (by key), whose labels changed (by label), the ends
 * of created and deleted relationships (by type) and the deleted nodes go to the sink, which can ask for
 * a node's neighbours as committed. Within the caller's own transaction, uncommitted changes are told by
 * {@link #changedInTransaction}.
 */
public final class NodeChanges implements TransactionEventListener<Object> {

    /** Receives the changes of one committed transaction of a database (by its key). */
    public interface Sink {
        /** Whether anything is cached for the database; when not, a commit costs nothing. */
        boolean watching(String database);

        void changed(String database, GraphChanges changes);

        /** Telling a change failed: what is cached of the database may depend on it. */
        void forgetAll(String database);
    }

    private final String database;
    private final Sink sink;

    /** @param database the key the sink knows the database by */
    public NodeChanges(String database, Sink sink) {
        this.database = database;
        this.sink = sink;
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

    /**
     * Whether the caller's transaction holds uncommitted changes that can move a score: nodes or
     * relationships created or deleted, labels changed, or one of {@code properties} written or removed.
     * Writing other properties (a class written back) is no such change. Past 10,000 modified nodes the
     * answer is yes without looking further.
     */
    public static boolean hasGraphChanges(Transaction tx, List<String> properties) {
        if (!(tx instanceof InternalTransaction internal && internal.kernelTransaction() instanceof TxStateHolder holder)) {
            return true;
        }
        if (!holder.hasTxStateWithChanges()) {
            return false;
        }
        var state = holder.txState();
        if (!state.addedAndRemovedNodes().isEmpty() || !state.addedAndRemovedRelationships().isEmpty()) {
            return true;
        }
        var tokens = internal.kernelTransaction().tokenRead();
        int[] keys = properties.stream().mapToInt(tokens::propertyKey).filter(k -> k != TokenConstants.NO_TOKEN).toArray();
        int checked = 0;
        for (var node : state.modifiedNodes()) {
            if (++checked > 10_000 || !node.labelDiffSets().isEmpty()) {
                return true;
            }
            for (int key : keys) {
                if (node.isPropertyChangedOrRemoved(key) || node.isPropertyAdded(key)) {
                    return true;
                }
            }
        }
        return false;
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
        Map<String, LongList> byProperty = new HashMap<>();
        for (Iterable<PropertyEntry<Node>> entries : List.of(data.assignedNodeProperties(), data.removedNodeProperties())) {
            for (PropertyEntry<Node> entry : entries) {
                byProperty.computeIfAbsent(entry.key(), k -> new LongList()).add(id(entry.entity()));
            }
        }
        Map<String, LongList> byLabel = new HashMap<>();
        for (Iterable<LabelEntry> entries : List.of(data.assignedLabels(), data.removedLabels())) {
            for (LabelEntry entry : entries) {
                byLabel.computeIfAbsent(entry.label().name(), k -> new LongList()).add(id(entry.node()));
            }
        }
        Map<String, LongList> relationshipEnds = new HashMap<>();
        for (Iterable<Relationship> relationships : List.of(data.createdRelationships(), data.deletedRelationships())) {
            for (Relationship r : relationships) {
                LongList ends = relationshipEnds.computeIfAbsent(r.getType().name(), k -> new LongList());
                ends.add(r.getStartNodeId());
                ends.add(r.getEndNodeId());
            }
        }
        LongList deleted = new LongList();
        for (Node node : data.deletedNodes()) {
            deleted.add(id(node));
        }
        if (byProperty.isEmpty() && byLabel.isEmpty() && relationshipEnds.isEmpty() && deleted.size == 0) {
            return;
        }
        // Neighbours are read on demand, as committed, in one read transaction for the whole callback.
        Transaction[] reader = new Transaction[1];
        try {
            tell(sink, database, new GraphChanges(arrays(byProperty), arrays(byLabel), arrays(relationshipEnds),
                deleted.toArray(), id -> {
                    if (reader[0] == null) {
                        reader[0] = databaseService.beginTx();
                    }
                    return neighbours(reader[0], id);
                }));
        } finally {
            if (reader[0] != null) {
                reader[0].close();
            }
        }
    }

    /**
     * Tells the sink what a commit changed. When that fails (reading a neighbour, say) part of what the
     * change reached may still be cached, and the commit is done whatever happens here: the sink forgets
     * all it keeps of the database rather than serve a stale row or fail the committer afterwards.
     */
    public static void tell(Sink sink, String database, GraphChanges changes) {
        try {
            sink.changed(database, changes);
        } catch (RuntimeException e) {
            sink.forgetAll(database);
        }
    }

    @SuppressWarnings("deprecation")
    private static long[] neighbours(Transaction tx, long id) {
        Node node;
        try {
            node = tx.getNodeById(id);
        } catch (org.neo4j.graphdb.NotFoundException deleted) {
            return new long[0];
        }
        LongList ids = new LongList();
        try (var relationships = node.getRelationships()) {
            for (Relationship r : relationships) {
                long other = r.getOtherNodeId(id);
                if (other != id) {
                    ids.add(other);
                }
            }
        }
        return java.util.Arrays.stream(ids.toArray()).distinct().toArray();
    }

    private static Map<String, long[]> arrays(Map<String, LongList> lists) {
        Map<String, long[]> arrays = new HashMap<>();
        lists.forEach((key, list) -> arrays.put(key, list.toArray()));
        return arrays;
    }

    /** A growable list of longs. */
    private static final class LongList {
        private long[] values = new long[8];
        private int size;

        void add(long value) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }

    @Override
    public void afterRollback(TransactionData data, Object state, GraphDatabaseService databaseService) {}

    @SuppressWarnings("deprecation")
    private static long id(Node node) {
        return node.getId();
    }
}
