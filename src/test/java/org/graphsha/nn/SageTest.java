package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SageTest {

    @Test
    void rowsMatchTheEngine() {
        for (long seed = 1; seed <= 3; seed++) {
            RowForwardCheck.assertRowsMatchEngine(ModelSpec.defaults(BackboneKind.SAGE), seed);
        }
    }

    @Test
    void passesTheRootOnThroughItsOwnWeightAndReadsNoNeighbourDegrees() {
        Backbone sage = ModelSpec.defaults(BackboneKind.SAGE).backbone();
        assertTrue(sage.hasRootWeight());
        assertTrue(BackboneKind.SAGE.hasRootWeight());
        assertFalse(sage.needsNeighbourDegrees());
    }

    @Test
    void memoryTermsProjectBothHalves() {
        Backbone sage = new ModelSpec(BackboneKind.SAGE, 32, 4, 0.5f, GcnNormalization.MEAN).backbone();
        assertEquals(64, sage.projectionWidth());
        assertEquals(0, sage.bytesPerEdge(true));
    }
}
