package org.graphsha.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graphsha.diffusion.DiffusionKind;
import org.graphsha.diffusion.DiffusionOptions;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.ModelSpec;
import org.junit.jupiter.api.Test;

/** The terms each backbone adds to a run's and a prediction's memory, on a Cora-sized graph. */
class MemoryEstimateTest {

    private static final long NODES = 2708;
    private static final long EDGES = 10556;
    private static final int FEATURES = 1433;
    private static final int CLASSES = 7;
    private static final long SYNTHETIC = 300;

    private static ModelSpec spec(BackboneKind kind) {
        return new ModelSpec(kind, 64, 8, 0.5f, GcnNormalization.MEAN);
    }

    private static MemoryEstimate training(BackboneKind kind) {
        return MemoryEstimate.of(NODES, EDGES, FEATURES, CLASSES, spec(kind), SYNTHETIC, 0, false, false, NODES);
    }

    @Test
    void sageKeepsBothHalvesOfTheProjection() {
        assertEquals(NODES * 64 * 4, training(BackboneKind.GCN).heap().get("layerOneProjection"));
        assertEquals(NODES * 64 * 4, training(BackboneKind.GAT).heap().get("layerOneProjection"));
        assertEquals(2 * NODES * 64 * 4, training(BackboneKind.SAGE).heap().get("layerOneProjection"));
    }

    @Test
    void gatAddsItsAttentionPerEdgeAndHead() {
        long syntheticEdges = SYNTHETIC * (EDGES / NODES);
        long messages = EDGES + syntheticEdges + NODES + SYNTHETIC;
        long gcnEdges = training(BackboneKind.GCN).nativeMinimum().get("edges");
        assertEquals(gcnEdges, training(BackboneKind.SAGE).nativeMinimum().get("edges"));
        assertEquals(gcnEdges + messages * 8 * 4 * 6, training(BackboneKind.GAT).nativeMinimum().get("edges"));

        long gcnPrediction = MemoryEstimate.ofPrediction(NODES, EDGES, FEATURES, CLASSES, spec(BackboneKind.GCN))
            .nativeMinimum().get("edges");
        long gatPrediction = MemoryEstimate.ofPrediction(NODES, EDGES, FEATURES, CLASSES, spec(BackboneKind.GAT))
            .nativeMinimum().get("edges");
        assertEquals(gcnPrediction + (EDGES + NODES) * 8 * 4 * 3, gatPrediction);
    }

    /** S̃ holds about K entries per row read, so its term follows the training nodes, not N. */
    @Test
    void theNeighbourDistributionShrinksWithTheRowsRead() {
        DiffusionOptions ppr = DiffusionOptions.defaults();
        assertEquals(NODES * 128, ppr.retainedEntries(NODES, EDGES, NODES));
        assertEquals(140L * 128, ppr.retainedEntries(NODES, EDGES, 140));
        long previous = Long.MAX_VALUE;
        for (long rows : new long[] {NODES, 1000, 140, 10}) {
            for (BackboneKind kind : new BackboneKind[] {BackboneKind.GCN, BackboneKind.SIGN}) {
                ModelSpec spec = kind == BackboneKind.SIGN
                    ? new ModelSpec(kind, 64, 1, 0.5f, GcnNormalization.MEAN, 2) : spec(kind);
                long bytes = MemoryEstimate.of(NODES, EDGES, FEATURES, CLASSES, spec, SYNTHETIC,
                    ppr.retainedEntries(NODES, EDGES, rows), false, false, NODES).heap().get("neighbourDistribution");
                assertEquals(ppr.retainedEntries(NODES, EDGES, rows) * 16 + NODES * 13, bytes, kind + " " + rows);
                assertTrue(bytes < previous, rows + " rows read");
            }
            previous = MemoryEstimate.neighbourDistributionBytes(NODES, ppr.retainedEntries(NODES, EDGES, rows), false);
        }
        DiffusionOptions heat = ppr.withKind(DiffusionKind.HEAT);
        assertTrue(heat.retainedEntries(NODES, EDGES, 140) < heat.retainedEntries(NODES, EDGES, NODES));
        assertEquals(0, MemoryEstimate.neighbourDistributionBytes(NODES, 0, false), "no S̃ without GraphSHA");
    }

    /** A sign step's dropout mask and logits cover its rows: the training and synthetic rows, or every node with pseudo-labels. */
    @Test
    void signStepBuffersFollowTheRowsTheStepScores() {
        ModelSpec sign = new ModelSpec(BackboneKind.SIGN, 64, 1, 0.5f, GcnNormalization.MEAN, 2);
        long training = 140;
        MemoryEstimate trainingOnly = MemoryEstimate.of(NODES, EDGES, FEATURES, CLASSES, sign, SYNTHETIC, 0, false, false,
            training);
        MemoryEstimate everyNode = MemoryEstimate.of(NODES, EDGES, FEATURES, CLASSES, sign, SYNTHETIC, 0, false, false,
            NODES);
        assertEquals((training + SYNTHETIC) * 3 * 64 * 4, trainingOnly.heap().get("dropoutMask"));
        assertEquals((NODES + SYNTHETIC) * 3 * 64 * 4, everyNode.heap().get("dropoutMask"));
        assertEquals((training + SYNTHETIC) * CLASSES * 4 * 2, trainingOnly.nativeMinimum().get("stepLogits"));
    }

    /** The sign backbone at 10M nodes x 256 features: every term is computed in long arithmetic, none wraps. */
    @Test
    void signSizingAtTenMillionNodesDoesNotOverflow() {
        long nodes = 10_000_000;
        long edges = 1_000_000_000;
        int features = 256;
        ModelSpec sign = new ModelSpec(BackboneKind.SIGN, 256, 1, 0.5f, GcnNormalization.MEAN, 2);
        MemoryEstimate e = MemoryEstimate.of(nodes, edges, features, 47, sign, 2_000_000, nodes * 32, false, false,
            nodes);
        assertEquals(3 * nodes * features * 4, e.heap().get("hopFeatures"));
        assertEquals(3L * 2_000_000 * features * 4, e.heap().get("syntheticHopRows"));
        assertEquals((nodes + 1) * 4 + (edges + nodes) * 8, e.heap().get("hopOperator"));
        assertEquals(12_000_000L * 768 * 4, e.heap().get("dropoutMask"));
        // On the engine only one batch of rows lives at a time.
        assertEquals(8192L * 3 * features * 4, e.nativeMinimum().get("batchInputs"));
        for (var part : e.heap().entrySet()) {
            assertTrue(part.getValue() >= 0, part.getKey() + " wrapped: " + part.getValue());
        }
        assertTrue(e.heapBytes() > 3 * nodes * features * 4);
        MemoryEstimate predict = MemoryEstimate.ofPrediction(nodes, edges, features, 47, sign);
        assertEquals(3 * nodes * features * 4, predict.heap().get("hopFeatures"));
        assertFalse(predict.heap().containsKey("dropoutMask"));
    }
}
