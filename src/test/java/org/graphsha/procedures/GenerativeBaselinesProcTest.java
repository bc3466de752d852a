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
    @SuppressWarnings("unchecked")
    void trainsGraphSmoteAndPredictsWithIt() {
        Map<String, Object> result = rows("CALL graphsha.train('cora', {modelName: 'smote', method: 'graphSmote', "
            + "splitProperty: 'split', epochs: 5}) YIELD modelInfo, testMetrics, syntheticNodesPerEpoch RETURN *").get(0);
        assertEquals("graphSmote", ((Map<String, Object>) result.get("modelInfo")).get("method"));
        // classes below the mean training size (631 / 7) are filled up to it: 56 + 83 + 17 + 75 + 87
        assertEquals(318.0, (Double) result.get("syntheticNodesPerEpoch"), 1e-9);
        double accuracy = (Double) ((Map<String, Object>) result.get("testMetrics")).get("accuracy");
        assertTrue(accuracy > 0 && accuracy <= 1, "test accuracy " + accuracy);
        long predicted = (Long) rows("CALL graphsha.predict.stream('cora', {modelName: 'smote'}) YIELD nodeId "
            + "RETURN count(*) AS n").get(0).get("n");
        assertEquals(2708L, predicted);
    }

    @Test
    void writingSyntheticNodesIsGraphShaOnly() {
        rows("CALL graphsha.train('cora', {modelName: 'ens2', method: 'tam', epochs: 1, overwrite: true})");
        assertFailsUnchanged("CALL graphsha.synthetic.write('cora', {modelName: 'ens2'})", "method 'tam'",
            "only for method 'graphsha'");
    }
}
