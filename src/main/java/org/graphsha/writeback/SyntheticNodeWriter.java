package org.graphsha.writeback;

import java.util.Map;

import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.store.NodeLookup;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.RelationshipType;
import org.neo4j.graphdb.Transaction;

/**
 * Materialises one epoch's synthetic nodes so analysts can query them: each node carries its model,
 * class, δ and mixed features, points to its anchor and auxiliary (with their role), and receives a
 * relationship from every sampled neighbour. Runs in the caller's transaction.
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
     */
    public static Written write(Transaction tx, String label, String modelName, String owner, SyntheticBatch batch,
                                long[] neo4jIds, Object[] classValues, SparseFeatures features) {
        int n = neo4jIds.length;
        Node[] synthetic = new Node[batch.size()];
        long relationships = 0;
        for (int k = 0; k < batch.size(); k++) {
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
            synthetic[k] = node;
        }
        for (int e = 0; e < batch.edgeSources().length; e++) {
            Node source = endpoint(tx, batch.edgeSources()[e], n, neo4jIds, synthetic);
            Node target = endpoint(tx, batch.edgeTargets()[e], n, neo4jIds, synthetic);
            source.createRelationshipTo(target, SYNTHETIC_NEIGHBOUR).setProperty("modelName", modelName);
            relationships++;
        }
        return new Written(batch.size(), relationships);
    }

    /** Deletes exactly the synthetic nodes of one user's model, with their relationships. */
    public static long drop(Transaction tx, String label, String modelName, String owner) {
        Object deleted = tx.execute("MATCH (s:`" + label + "` {modelName: $model}) WHERE coalesce(s.modelOwner, '') = $owner "
            + "DETACH DELETE s RETURN count(*) AS deleted", Map.of("model", modelName, "owner", owner)).next().get("deleted");
        return (Long) deleted;
    }

    private static void link(Node synthetic, Node source, String role) {
        Relationship r = synthetic.createRelationshipTo(source, SYNTHESIZED_FROM);
        r.setProperty("role", role);
    }

    private static Node endpoint(Transaction tx, int position, int n, long[] neo4jIds, Node[] synthetic) {
        return position < n ? NodeLookup.require(tx, neo4jIds[position]) : synthetic[position - n];
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
