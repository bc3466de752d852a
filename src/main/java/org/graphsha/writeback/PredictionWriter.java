package org.graphsha.writeback;

import java.util.function.LongConsumer;

import org.graphsha.store.write.BatchedWrite;
import org.graphsha.store.read.NodeLookup;
import org.graphsha.store.write.PartialWriteException.Unit;
import org.neo4j.graphdb.Node;

/**
 * Writes predictions as node properties, through {@link BatchedWrite}: all of a node's properties go
 * into the same transaction, so a node holds either its whole prediction or none of it.
 */
public final class PredictionWriter {

    private PredictionWriter() {}

    /**
     * @param classValue            predicted class per node, in the target's own type
     * @param confidence            per node, the probability of its predicted class; read only with a confidence property
     * @param confidenceProperty    null to skip
     * @param probabilitiesProperty null to skip
     * @param afterBatch            told each batch's node count (progress, termination); an exception there
     *                              stops the write
     * @return number of properties written
     */
    public static long write(BatchedWrite writer, BatchedWrite.Mode mode, long[] neo4jIds, Object[] classValue,
                             double[][] probabilities, double[] confidence, String writeProperty,
                             String confidenceProperty,
                             String probabilitiesProperty, LongConsumer afterBatch) {
        return writer.run(mode, neo4jIds.length, Unit.NODES, (tx, from, to) -> {
            long written = 0;
            for (int i = from; i < to; i++) {
                Node node = NodeLookup.require(tx, neo4jIds[i]);
                node.setProperty(writeProperty, classValue[i]);
                written++;
                if (confidenceProperty != null) {
                    node.setProperty(confidenceProperty, confidence[i]);
                    written++;
                }
                if (probabilitiesProperty != null) {
                    node.setProperty(probabilitiesProperty, probabilities[i]);
                    written++;
                }
            }
            return written;
        }, afterBatch).written();
    }
}
