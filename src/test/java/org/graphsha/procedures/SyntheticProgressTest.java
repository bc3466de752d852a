package org.graphsha.procedures;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.testing.EngineHold;
import org.graphsha.testing.Jobs;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * graphsha.synthetic.write is a GDS job like train and predict: it shows in gds.listProgress and a
 * terminated call writes no synthetic node. The test holds the engine so that the call waits in its
 * forward pass while it is found and terminated.
 */
class SyntheticProgressTest {

    @BeforeAll
    static void coraWithGraphShaModel() {
        TestNeo4j.resetWithCoraLongTailed();
        rows("CALL graphsha.train('cora', {modelName: 'syn-progress', splitProperty: 'split', epochs: 3})");
    }

    @Test
    void showsInListProgressAndStopsOnTerminate() throws Exception {
        try (EngineHold engine = new EngineHold()) {
            Jobs.terminateOnceListed("CALL graphsha.synthetic.write('cora', {modelName: 'syn-progress', "
                + "jobId: 'syn-job'})", "graphsha.synthetic.write", "jobId: 'syn-job'", engine::release);
        }
        assertEquals(0L, single("MATCH (s:GraphSHASynthetic) RETURN count(s)"));
    }
}
