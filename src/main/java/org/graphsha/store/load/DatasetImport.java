package org.graphsha.store.load;

import org.graphsha.store.write.BatchedWrite;
import org.graphsha.store.write.PartialWriteException;

import java.util.Map;
import java.util.function.LongConsumer;

import org.graphsha.graph.Dataset;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.store.write.PartialWriteException.Unit;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.RelationshipType;

/**
 * Writes a validated dataset into the database through {@link BatchedWrite}: first the nodes, each
 * with all its properties in one batch, then the relationships. A batched import that fails deletes
 * every node of the label again (the label was empty when it started), so a failed load leaves no
 * partial dataset to train on; the error still says how far it got.
 */
public final class DatasetImport {

    public static final String ID = "id";
    public static final String CLASS = "class";
    public static final String PUBLIC_SPLIT = "publicSplit";
    public static final String FEATURES = "features";

    private final BatchedWrite writer;
    private final Label label;
    private final RelationshipType type;

    public DatasetImport(BatchedWrite writer, String label, String relationshipType) {
        this.writer = writer;
        this.label = Label.label(label);
        this.type = RelationshipType.withName(relationshipType);
    }

    /** For the tools' embedded databases, which they own: batches with full access. */
    public DatasetImport(GraphDatabaseService db, String label, String relationshipType) {
        this(BatchedWrite.embedded(db), label, relationshipType);
    }

    public long countExisting() {
        return writer.read(tx -> {
            try (var nodes = tx.findNodes(label)) {
                long count = 0;
                while (nodes.hasNext()) {
                    nodes.next();
                    count++;
                }
                return count;
            }
        });
    }

    /** Deletes every node of the label with its relationships, 10,000 nodes per transaction. */
    public void deleteExisting() {
        deleteExisting(new BatchedWrite.Mode(false, 10_000, 1));
    }

    /** Deletes every node of the label with its relationships, {@code mode.batchSize()} nodes per transaction. */
    public void deleteExisting(BatchedWrite.Mode mode) {
        String query = "MATCH (n:`" + label.name() + "`) WITH n LIMIT $batch DETACH DELETE n RETURN count(*) AS deleted";
        Map<String, Object> parameters = Map.of("batch", (long) mode.batchSize());
        writer.untilNone(mode, tx -> (Long) tx.execute(query, parameters).next().get("deleted"));
    }

    public void write(Dataset dataset, boolean includeFeatures, BatchedWrite.Mode mode) {
        write(dataset, includeFeatures, mode, written -> { });
    }

    /**
     * Writes nodes, then relationships.
     *
     * @param afterBatch told the number of nodes or relationships of each batch; an exception thrown there
     *                   (a terminated call) stops the import
     */
    public void write(Dataset dataset, boolean includeFeatures, BatchedWrite.Mode mode, LongConsumer afterBatch) {
        try {
            String[] elementIds = writeNodes(dataset, includeFeatures, mode, afterBatch);
            writeRelationships(dataset, elementIds, mode, afterBatch);
        } catch (PartialWriteException e) {
            throw cleanUp(e.withNote("Every node of label `" + label.name() + "` written by this load has been "
                + "deleted again."), mode);
        } catch (RuntimeException e) {
            throw mode.atomic() ? e : cleanUp(e, mode);
        }
    }

    private RuntimeException cleanUp(RuntimeException e, BatchedWrite.Mode mode) {
        try {
            deleteExisting(mode);
        } catch (RuntimeException cleanup) {
            e.addSuppressed(cleanup);
        }
        return e;
    }

    private String[] writeNodes(Dataset dataset, boolean includeFeatures, BatchedWrite.Mode mode, LongConsumer afterBatch) {
        int n = dataset.nodeCount();
        String[] elementIds = new String[n];
        SparseFeatures features = dataset.features();
        writer.run(mode, n, Unit.NODES, (tx, from, to) -> {
            for (int i = from; i < to; i++) {
                Node node = tx.createNode(label);
                node.setProperty(ID, (long) i);
                node.setProperty(CLASS, (long) dataset.classes()[i]);
                node.setProperty(PUBLIC_SPLIT, dataset.publicSplit()[i].value());
                if (includeFeatures) {
                    node.setProperty(FEATURES, features.denseRow(i));
                }
                elementIds[i] = node.getElementId();
            }
            return to - from;
        }, afterBatch);
        return elementIds;
    }

    private void writeRelationships(Dataset dataset, String[] elementIds, BatchedWrite.Mode mode, LongConsumer afterBatch) {
        int[] s = dataset.edges().sources();
        int[] t = dataset.edges().targets();
        writer.run(mode, s.length, Unit.RELATIONSHIPS, (tx, from, to) -> {
            for (int e = from; e < to; e++) {
                tx.getNodeByElementId(elementIds[s[e]]).createRelationshipTo(tx.getNodeByElementId(elementIds[t[e]]), type);
            }
            return to - from;
        }, afterBatch);
    }
}
