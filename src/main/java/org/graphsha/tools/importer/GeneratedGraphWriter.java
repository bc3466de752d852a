package org.graphsha.tools.importer;

import java.util.function.DoubleConsumer;

import org.graphsha.store.load.DatasetImport;
import org.graphsha.tools.generate.GeneratedGraph;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.RelationshipType;
import org.neo4j.graphdb.Transaction;

/**
 * Writes a generated graph under one label and relationship type, each node with the properties its
 * {@link GraphRecords} give: the arXiv shape (that of {@code graphsha.dataset.load} plus {@code year} and
 * {@code split}) or the user shape. Large transactions through the core API: per relationship it is two node lookups by internal id and
 * one create, and the commit cost is spread over {@code batchSize} writes. As for dataset import, the
 * label must be empty; a failed batch deletes the label's nodes again.
 */
public final class GeneratedGraphWriter {

    public static final String YEAR = "year";
    public static final String SPLIT = "split";

    private final GraphDatabaseService db;
    private final DatasetImport cleanup;
    private final Label label;
    private final RelationshipType type;
    private final int batchSize;

    public GeneratedGraphWriter(GraphDatabaseService db, String label, String relationshipType, int batchSize) {
        this.db = db;
        this.cleanup = new DatasetImport(db, label, relationshipType);
        this.label = Label.label(label);
        this.type = RelationshipType.withName(relationshipType);
        this.batchSize = batchSize;
    }

    /** Seconds spent on the nodes (with their properties) and on the relationships. */
    public record WriteTimes(double nodeSeconds, double relationshipSeconds) {}

    /** Writes the arXiv-shaped graph ({@link GraphRecords#arxiv}). */
    public WriteTimes write(GeneratedGraph graph, DoubleConsumer progress) {
        return write(GraphRecords.arxiv(graph), progress);
    }

    /** @param progress receives the done fraction, nodes and relationships weighted by their write cost */
    public WriteTimes write(GraphRecords records, DoubleConsumer progress) {
        try {
            long start = System.nanoTime();
            long[] ids = writeNodes(records, progress);
            long nodesDone = System.nanoTime();
            writeRelationships(records.graph(), ids, progress);
            return new WriteTimes((nodesDone - start) / 1e9, (System.nanoTime() - nodesDone) / 1e9);
        } catch (RuntimeException e) {
            try {
                cleanup.deleteExisting();
            } catch (RuntimeException second) {
                e.addSuppressed(second);
            }
            throw e;
        }
    }

    /** A node with its 128-float array costs about as much to write as 1.5-2 relationships (measured at full size). */
    static final double NODE_WEIGHT = 2;

    @SuppressWarnings("deprecation") // internal ids: the cheapest handle to find the nodes again in this process
    private long[] writeNodes(GraphRecords records, DoubleConsumer progress) {
        int n = records.nodeCount();
        long[] ids = new long[n];
        double total = NODE_WEIGHT * n + records.relationshipCount();
        for (int start = 0; start < n; start += batchSize) {
            int end = Math.min(n, start + batchSize);
            try (Transaction tx = db.beginTx()) {
                for (int i = start; i < end; i++) {
                    Node node = tx.createNode(label);
                    records.nodes().visit(i, node::setProperty);
                    ids[i] = node.getId();
                }
                tx.commit();
            }
            progress.accept(NODE_WEIGHT * end / total);
        }
        return ids;
    }

    @SuppressWarnings("deprecation")
    private void writeRelationships(GeneratedGraph graph, long[] ids, DoubleConsumer progress) {
        int[] s = graph.sources();
        int[] t = graph.targets();
        double total = NODE_WEIGHT * graph.nodeCount() + s.length;
        for (int start = 0; start < s.length; start += batchSize) {
            int end = Math.min(s.length, start + batchSize);
            try (Transaction tx = db.beginTx()) {
                for (int e = start; e < end; e++) {
                    tx.getNodeById(ids[s[e]]).createRelationshipTo(tx.getNodeById(ids[t[e]]), type);
                }
                tx.commit();
            }
            progress.accept((NODE_WEIGHT * graph.nodeCount() + end) / total);
        }
    }
}
