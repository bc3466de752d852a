package org.graphsha.writeback;

import org.graphsha.store.NodeLookup;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Transaction;

/**
 * Writes predictions as node properties in the caller's transaction, so they land all together or,
 * if anything fails, not at all.
 */
public final class PredictionWriter {

    private PredictionWriter() {}

    /** Nodes written between two calls of the batch callback. */
    public static final int BATCH = 10_000;

    /**
     * @param classValue         predicted class per node, in the target's own type
     * @param confidenceProperty null to skip
     * @param probabilitiesProperty null to skip
     * @param afterBatch         called with the batch's node count after every {@link #BATCH} nodes and at the end
     *                           (progress, termination); an exception there stops the write, and the caller's
     *                           transaction then rolls every property back
     * @return number of properties written
     */
    public static long write(Transaction tx, long[] neo4jIds, Object[] classValue, double[][] probabilities,
                             String writeProperty, String confidenceProperty, String probabilitiesProperty,
                             java.util.function.IntConsumer afterBatch) {
        long written = 0;
        for (int i = 0; i < neo4jIds.length; i++) {
            if (i > 0 && i % BATCH == 0) {
                afterBatch.accept(BATCH);
            }
            Node node = NodeLookup.require(tx, neo4jIds[i]);
            node.setProperty(writeProperty, classValue[i]);
            written++;
            if (confidenceProperty != null) {
                node.setProperty(confidenceProperty, max(probabilities[i]));
                written++;
            }
            if (probabilitiesProperty != null) {
                node.setProperty(probabilitiesProperty, probabilities[i]);
                written++;
            }
        }
        afterBatch.accept(neo4jIds.length == 0 ? 0 : (neo4jIds.length - 1) % BATCH + 1);
        return written;
    }

    static double max(double[] values) {
        double best = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            best = Math.max(best, v);
        }
        return best;
    }
}
