package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class GcnTest {

    @ParameterizedTest
    @EnumSource(GcnNormalization.class)
    void rowsMatchTheEngine(GcnNormalization norm) {
        for (long seed = 1; seed <= 3; seed++) {
            ModelSpec spec = ModelSpec.defaults(BackboneKind.GCN).withGcnNormalization(norm);
            RowForwardCheck.assertRowsMatchEngine(spec, seed);
        }
    }

    @Test
    void onlySymmetricNormalisationNeedsNeighbourDegrees() {
        ModelSpec mean = ModelSpec.defaults(BackboneKind.GCN);
        assertFalse(mean.backbone().needsNeighbourDegrees());
        assertTrue(mean.withGcnNormalization(GcnNormalization.SYMMETRIC).backbone().needsNeighbourDegrees());
        assertFalse(mean.backbone().hasRootWeight());
    }

    @Test
    void memoryTerms() {
        Backbone gcn = new ModelSpec(BackboneKind.GCN, 32, 4, 0.5f, GcnNormalization.MEAN).backbone();
        assertEquals(32, gcn.projectionWidth());
        assertEquals(0, gcn.bytesPerEdge(true));
        assertEquals(0, gcn.bytesPerEdge(false));
    }
}
