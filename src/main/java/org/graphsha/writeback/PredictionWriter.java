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

    /**
     * @param classValue         predicted class per node, in the target's own type
     * @param confidenceProperty null to skip
     * @param probabilitiesProperty null to skip
     * @return number of properties written
     */
    public static long write(Transaction tx, long[] neo4jIds, Object[] classValue, double[][] probabilities,
                             String writeProperty, String confidenceProperty, String probabilitiesProperty) {
        long written = 0;
        for (int i = 0; i < neo4jIds.length; i++) {
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
