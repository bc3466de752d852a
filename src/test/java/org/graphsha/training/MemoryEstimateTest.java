package org.graphsha.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        return MemoryEstimate.of(NODES, EDGES, FEATURES, CLASSES, spec(kind), SYNTHETIC, 0, false, false);
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
}
