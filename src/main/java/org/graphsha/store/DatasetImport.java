package org.graphsha.store;

import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

import org.graphsha.graph.Dataset;
import org.graphsha.graph.SparseFeatures;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.RelationshipType;
import org.neo4j.graphdb.Transaction;

/**
 * Writes a validated dataset into the database in batches of independent transactions, so that a
 * large dataset never builds one huge transaction. If any batch fails, every node of the label is
 * deleted again: the label was empty before the import starts, so nothing half-loaded remains.
 */
public final class DatasetImport {

    public static final String ID = "id";
    public static final String CLASS = "class";
    public static final String PUBLIC_SPLIT = "publicSplit";
    public static final String FEATURES = "features";

    private final GraphDatabaseService db;
    private final Label label;
    private final RelationshipType type;
    private final int batchSize;

    public DatasetImport(GraphDatabaseService db, String label, String relationshipType, int batchSize) {
        this.db = db;
        this.label = Label.label(label);
        this.type = RelationshipType.withName(relationshipType);
        this.batchSize = batchSize;
    }

    public long countExisting() {
        try (Transaction tx = db.beginTx()) {
            try (var nodes = tx.findNodes(label)) {
                long count = 0;
                while (nodes.hasNext()) {
                    nodes.next();
                    count++;
                }
                return count;
            }
        }
    }

    /** Deletes every node of the label with its relationships, batch by batch. */
    public void deleteExisting() {
        String query = "MATCH (n:`" + label.name() + "`) WITH n LIMIT $batch DETACH DELETE n RETURN count(*) AS deleted";
        long deleted;
        do {
            try (Transaction tx = db.beginTx()) {
                deleted = (Long) tx.execute(query, Map.of("batch", batchSize)).next().get("deleted");
                tx.commit();
            }
        } while (deleted > 0);
    }

    public void write(Dataset dataset, boolean includeFeatures) {
        write(dataset, includeFeatures, written -> { });
    }

    /**
     * Writes nodes, then relationships, in batches of independent transactions.
     *
     * @param afterBatch told the number of nodes or relationships each committed batch wrote; an exception
     *                   thrown there (a terminated call) stops the import, and every node written is deleted
     */
    public void write(Dataset dataset, boolean includeFeatures, LongConsumer afterBatch) {
        try {
            String[] elementIds = writeNodes(dataset, includeFeatures, afterBatch);
            writeRelationships(dataset, elementIds, afterBatch);
        } catch (RuntimeException e) {
            try {
                deleteExisting();
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    private String[] writeNodes(Dataset dataset, boolean includeFeatures, LongConsumer afterBatch) {
        int n = dataset.nodeCount();
        String[] elementIds = new String[n];
        SparseFeatures features = dataset.features();
        inBatches(n, (range) -> {
            try (Transaction tx = db.beginTx()) {
                for (int i = range[0]; i < range[1]; i++) {
                    Node node = tx.createNode(label);
                    node.setProperty(ID, (long) i);
                    node.setProperty(CLASS, (long) dataset.classes()[i]);
                    node.setProperty(PUBLIC_SPLIT, dataset.publicSplit()[i].value());
                    if (includeFeatures) {
                        node.setProperty(FEATURES, features.denseRow(i));
                    }
                    elementIds[i] = node.getElementId();
                }
                tx.commit();
            }
            afterBatch.accept(range[1] - range[0]);
        });
        return elementIds;
    }

    private void writeRelationships(Dataset dataset, String[] elementIds, LongConsumer afterBatch) {
        int[] s = dataset.edges().sources();
        int[] t = dataset.edges().targets();
        inBatches(s.length, (range) -> {
            try (Transaction tx = db.beginTx()) {
                for (int e = range[0]; e < range[1]; e++) {
                    tx.getNodeByElementId(elementIds[s[e]])
                        .createRelationshipTo(tx.getNodeByElementId(elementIds[t[e]]), type);
                }
                tx.commit();
            }
            afterBatch.accept(range[1] - range[0]);
        });
    }

    private void inBatches(int total, Consumer<int[]> batch) {
        for (int start = 0; start < total; start += batchSize) {
            batch.accept(new int[] {start, Math.min(total, start + batchSize)});
        }
    }
}
