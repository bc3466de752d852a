package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GatTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void rowsMatchTheEngine(int heads) {
        for (long seed = 1; seed <= 3; seed++) {
            RowForwardCheck.assertRowsMatchEngine(new ModelSpec(BackboneKind.GAT, 8, heads, 0.5f,
                GcnNormalization.MEAN), seed);
        }
    }

    @Test
    void dependsOnNeitherRootWeightNorNeighbourDegrees() {
        Backbone gat = ModelSpec.defaults(BackboneKind.GAT).backbone();
        assertFalse(gat.hasRootWeight());
        assertFalse(gat.needsNeighbourDegrees());
    }

    @Test
    void memoryTermsCountAttentionPerEdgeAndHead() {
        Backbone gat = new ModelSpec(BackboneKind.GAT, 32, 8, 0.5f, GcnNormalization.MEAN).backbone();
        assertEquals(32, gat.projectionWidth());
        assertEquals(8 * 4 * 6, gat.bytesPerEdge(true));
        assertEquals(8 * 4 * 3, gat.bytesPerEdge(false));
    }
}
