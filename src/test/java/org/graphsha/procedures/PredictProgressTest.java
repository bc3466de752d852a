package org.graphsha.procedures;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.graphsha.testing.EngineHold;
import org.graphsha.testing.Errors;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every predict mode is a GDS job: it shows in gds.listProgress under its jobId and stops when its
 * transaction is terminated, leaving neither the projection nor the database changed. Prediction on
 * Cora takes milliseconds, so the test holds the engine (the process-wide lock every forward pass
 * takes) to keep the call in its inference stage while it looks and terminates.
 */
class PredictProgressTest {

    @BeforeAll
    static void coraWithModel() {
        TestNeo4j.resetWithCoraLongTailed();
        rows("CALL graphsha.train('cora', {modelName: 'm', splitProperty: 'split', method: 'vanilla', epochs: 3})");
    }

    @ParameterizedTest(name = "{0}, logProgress {1}")
    @CsvSource({"stream, true", "write, true", "mutate, true", "stats, true", "mutate, false"})
    void showsInListProgressAndStopsOnTerminate(String mode, boolean logProgress) throws Exception {
        String jobId = "predict-" + mode + "-" + logProgress;
        String extra = switch (mode) {
            case "write" -> ", writeProperty: 'predicted'";
            case "mutate" -> ", mutateProperty: 'predicted'";
            default -> "";
        };
        String query = "CALL graphsha.predict." + mode + "('cora', {modelName: 'm', jobId: '" + jobId + "', logProgress: "
            + logProgress + extra + "}) YIELD " + (mode.equals("stream") ? "nodeId" : "configuration") + " RETURN count(*)";
        try (EngineHold engine = new EngineHold()) {
            CompletableFuture<Object> call = CompletableFuture.supplyAsync(() -> rows(query));
            // The job shows up at once; wait until it sits in its inference stage, waiting for the engine.
            boolean waiting = false;
            for (int i = 0; i < 600 && !waiting && !call.isDone(); i++) {
                waiting = !rows("CALL gds.listProgress() YIELD jobId WHERE jobId = $id RETURN jobId", Map.of("id", jobId))
                    .isEmpty() && !rows("CALL gds.listProgress($id) YIELD taskName, status WHERE status = 'RUNNING' "
                    + "AND taskName ENDS WITH 'inference' RETURN taskName", Map.of("id", jobId)).isEmpty();
                Thread.sleep(50);
            }
            assertTrue(waiting, "the job never reached its inference stage");
            assertEquals(List.of("graphsha.predict." + mode), rows("CALL gds.listProgress() YIELD jobId, taskName "
                + "WHERE jobId = $id RETURN taskName", Map.of("id", jobId)).stream().map(r -> r.get("taskName")).toList());
            List<Map<String, Object>> running = rows("SHOW TRANSACTIONS YIELD transactionId, currentQuery "
                + "WHERE currentQuery CONTAINS $id RETURN transactionId", Map.of("id", "jobId: '" + jobId + "'"));
            assertEquals(1, running.size(), running.toString());
            rows("TERMINATE TRANSACTION $tx", Map.of("tx", running.get(0).get("transactionId")));
            engine.release();
            Throwable failure = assertThrows(Exception.class, () -> call.get(2, TimeUnit.MINUTES));
            assertTrue(Errors.rootMessage(failure).toLowerCase().contains("terminated"), Errors.rootMessage(failure));
        }
        assertEquals(List.of(), rows("CALL gds.listProgress() YIELD jobId WHERE jobId = $id RETURN jobId",
            Map.of("id", jobId)), "the job must leave the task registry");
        assertEquals(false, single("CALL gds.graph.list('cora') YIELD schemaWithOrientation "
            + "RETURN 'predicted' IN keys(schemaWithOrientation.nodes.Paper)"), "a terminated mutate adds nothing");
        assertEquals(0L, single("MATCH (p:Paper) WHERE p.predicted IS NOT NULL RETURN count(p)"));
    }
}
