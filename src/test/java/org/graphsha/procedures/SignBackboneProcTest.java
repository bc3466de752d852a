package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The sign backbone through Cypher: GraphSHA trains on it, its stored hops come back, predict scores every node. */
class SignBackboneProcTest {

    @BeforeAll
    static void coraWithSignModel() {
        TestNeo4j.resetWithCoraLongTailed();
        // Narrow hop maps: the stored hop count is what these tests read, and 1,433-wide hop rows make width costly.
        rows("CALL graphsha.train('cora', {modelName: 'sign3', splitProperty: 'split', backbone: 'sign', hops: 3, "
            + "hiddenSize: 16, epochs: 30})");
    }

    @Test
    @SuppressWarnings("unchecked")
    void predictStreamAndStatsScoreEveryNodeWithTheStoredHops() {
        // Three hops mean four hop maps: a model read back with another K would not match its parameters.
        List<Map<String, Object>> streamed = rows("CALL graphsha.predict.stream('cora', {modelName: 'sign3'}) "
            + "YIELD nodeId, predictedClass RETURN nodeId, predictedClass");
        assertEquals(2708, streamed.size());
        assertTrue(streamed.stream().allMatch(r -> (Long) r.get("predictedClass") >= 0
            && (Long) r.get("predictedClass") < 7));
        Map<String, Object> metrics = (Map<String, Object>) rows("CALL graphsha.predict.stats('cora', "
            + "{modelName: 'sign3'}) YIELD metrics RETURN metrics").get(0).get("metrics");
        assertEquals(2708L, metrics.get("nodeCount"));
        // Guessing the largest class scores about 0.3 on Cora; 30 epochs of GraphSHA on sign are well above it.
        assertTrue(((Number) metrics.get("accuracy")).doubleValue() > 0.45, metrics.toString());
        Map<String, Object> info = rows("CALL graphsha.model.list('sign3') YIELD modelInfo RETURN modelInfo").get(0);
        assertEquals("sign", ((Map<String, Object>) info.get("modelInfo")).get("backbone"));
    }

    @Test
    void predictNodesRefusesItNamingTheProceduresThatScoreIt() {
        assertFailsUnchanged("MATCH (p:Paper) WITH p LIMIT 1 CALL graphsha.predict.nodes('sign3', p) YIELD nodeId "
            + "RETURN nodeId", "backbone: 'sign'", "graphsha.predict.stream");
    }

    @Test
    void aMethodThatReadsTheAugmentedGraphIsRefusedBeforeTraining() {
        assertFailsUnchanged("CALL graphsha.train('cora', {modelName: 'signTam', splitProperty: 'split', "
            + "backbone: 'sign', method: 'tam'})", "method: 'tam'", "backbone: 'sign'");
    }
}
