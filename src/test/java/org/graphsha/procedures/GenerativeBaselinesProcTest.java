package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class GenerativeBaselinesProcTest {

    @BeforeAll
    static void coraLongTailed() {
        TestNeo4j.resetWithCoraLongTailed();
    }

    @Test
    @SuppressWarnings("unchecked")
    void trainsGraphEns() {
        Map<String, Object> result = rows("CALL graphsha.train('cora', {modelName: 'ens', method: 'graphEns', "
            + "splitProperty: 'split', epochs: 20}) YIELD modelInfo, testMetrics, syntheticNodesPerEpoch, configuration "
            + "RETURN *").get(0);
        Map<String, Object> info = (Map<String, Object>) result.get("modelInfo");
        assertEquals("graphEns", info.get("method"));
        assertEquals("graphEns", ((Map<String, Object>) result.get("configuration")).get("method"));
        assertEquals(1756.0, (Double) result.get("syntheticNodesPerEpoch"), 1e-9, "every class filled up to 341");
        double accuracy = (Double) ((Map<String, Object>) result.get("testMetrics")).get("accuracy");
        assertTrue(accuracy > 0 && accuracy <= 1, "test accuracy " + accuracy);
    }

    @Test
    void writingSyntheticNodesIsGraphShaOnly() {
        assertFailsUnchanged("CALL graphsha.train('cora', {modelName: 'ens2', method: 'tam', "
            + "writeSyntheticNodes: true, epochs: 1})", "writeSyntheticNodes", "'tam'");
    }
}
