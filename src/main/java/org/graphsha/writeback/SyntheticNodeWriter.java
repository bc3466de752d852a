package org.graphsha.writeback;

import java.util.Map;
import java.util.function.LongConsumer;

import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.store.write.BatchedWrite;
import org.graphsha.store.read.NodeLookup;
import org.graphsha.store.write.PartialWriteException.Unit;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.RelationshipType;
import org.neo4j.graphdb.Transaction;

/**
 * Materialises one epoch's synthetic nodes so analysts can query them: each node carries its model,
 * class, δ and mixed features, points to its anchor and auxiliary (with their role), and receives a
 * relationship from every sampled neighbour. Written through {@link BatchedWrite}; every synthetic
 * edge joins an original node and a synthetic one, so a synthetic node, its properties and all its
 * relationships go into the same transaction.
 */
public final class SyntheticNodeWriter {

    public static final RelationshipType SYNTHESIZED_FROM = RelationshipType.withName("SYNTHESIZED_FROM");
    public static final RelationshipType SYNTHETIC_NEIGHBOUR = RelationshipType.withName("SYNTHETIC_NEIGHBOUR");

    private SyntheticNodeWriter() {}

    public record Written(long nodes, long relationships) {}

    /**
     * @param owner       the model's user ("" for a shared model): two users' models of one name keep
     *                    their synthetic nodes apart through it
     * @param neo4jIds    Neo4j id of every original node position
     * @param classValues class value of every class index, in the target's own type
     * @param afterBatch  told each batch's synthetic node count (progress, termination)
     */
    public static Written write(BatchedWrite writer, BatchedWrite.Mode mode, String label, String modelName, String owner,
                                SyntheticBatch batch, long[] neo4jIds, Object[] classValues, SparseFeatures features,
                                LongConsumer afterBatch) {
        int n = neo4jIds.length;
        int[][] edges = edgesBySyntheticNode(batch, n);
        BatchedWrite.Result result = writer.run(mode, batch.size(), Unit.NODES, (tx, from, to) -> {
            long relationships = 0;
            for (int k = from; k < to; k++) {
                Node node = tx.createNode(Label.label(label));
                node.setProperty("modelName", modelName);
                if (!owner.isEmpty()) {
                    node.setProperty("modelOwner", owner);
                }
                node.setProperty("class", classValues[batch.classes()[k]]);
                node.setProperty("delta", (double) batch.deltas()[k]);
                node.setProperty("features", mix(features, batch.anchors()[k], batch.auxiliaries()[k], batch.deltas()[k]));
                link(node, NodeLookup.require(tx, neo4jIds[batch.anchors()[k]]), "anchor");
                link(node, NodeLookup.require(tx, neo4jIds[batch.auxiliaries()[k]]), "auxiliary");
                relationships += 2;
                for (int e : edges[k]) {
                    int source = batch.edgeSources()[e];
                    int target = batch.edgeTargets()[e];
                    Node start = source < n ? NodeLookup.require(tx, neo4jIds[source]) : node;
                    Node end = target < n ? NodeLookup.require(tx, neo4jIds[target]) : node;
                    start.createRelationshipTo(end, SYNTHETIC_NEIGHBOUR).setProperty("modelName", modelName);
                    relationships++;
                }
            }
            return relationships;
        }, afterBatch);
        return new Written(result.positions(), result.written());
    }

    /** Deletes exactly the synthetic nodes of one user's model, with their relationships, {@code mode.batchSize()} at a time. */
    public static long drop(BatchedWrite writer, BatchedWrite.Mode mode, String label, String modelName, String owner) {
        String query = "MATCH (s:`" + label + "` {modelName: $model}) WHERE coalesce(s.modelOwner, '') = $owner "
            + "WITH s LIMIT $batch DETACH DELETE s RETURN count(*) AS deleted";
        Map<String, Object> parameters = Map.of("model", modelName, "owner", owner, "batch", (long) mode.batchSize());
        return writer.untilNone(mode, tx -> (Long) tx.execute(query, parameters).next().get("deleted"));
    }

    /** Deletes them in the caller's transaction (synthetic.drop). */
    public static long drop(Transaction tx, String label, String modelName, String owner) {
        Object deleted = tx.execute("MATCH (s:`" + label + "` {modelName: $model}) WHERE coalesce(s.modelOwner, '') = $owner "
            + "DETACH DELETE s RETURN count(*) AS deleted", Map.of("model", modelName, "owner", owner)).next().get("deleted");
        return (Long) deleted;
    }

    /** The edges of each synthetic node (every edge has exactly one synthetic end, the one that owns it). */
    static int[][] edgesBySyntheticNode(SyntheticBatch batch, int n) {
        int[] counts = new int[batch.size()];
        int[] owner = new int[batch.edgeSources().length];
        for (int e = 0; e < owner.length; e++) {
            boolean sourceSynthetic = batch.edgeSources()[e] >= n;
            boolean targetSynthetic = batch.edgeTargets()[e] >= n;
            if (sourceSynthetic == targetSynthetic) {
                throw new IllegalStateException("synthetic edge " + batch.edgeSources()[e] + " -> " + batch.edgeTargets()[e]
                    + " does not join an original node (below " + n + ") and a synthetic one");
            }
            owner[e] = (sourceSynthetic ? batch.edgeSources()[e] : batch.edgeTargets()[e]) - n;
            counts[owner[e]]++;
        }
        int[][] edges = new int[batch.size()][];
        for (int k = 0; k < edges.length; k++) {
            edges[k] = new int[counts[k]];
            counts[k] = 0;
        }
        for (int e = 0; e < owner.length; e++) {
            edges[owner[e]][counts[owner[e]]++] = e;
        }
        return edges;
    }

    private static void link(Node synthetic, Node source, String role) {
        Relationship r = synthetic.createRelationshipTo(source, SYNTHESIZED_FROM);
        r.setProperty("role", role);
    }

    private static float[] mix(SparseFeatures features, int anchor, int auxiliary, float delta) {
        float[] a = features.denseRow(anchor);
        float[] b = features.denseRow(auxiliary);
        float[] mixed = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            mixed[i] = delta * a[i] + (1 - delta) * b[i];
        }
        return mixed;
    }
}
