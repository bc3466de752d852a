package org.graphsha.testing;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Long-running procedure calls as a user watches and stops them: gds.listProgress, then TERMINATE TRANSACTION. */
public final class Jobs {

    private Jobs() {}

    /**
     * Starts {@code query} in the background, waits until {@code taskName} shows in gds.listProgress,
     * terminates the transaction whose query contains {@code marker}, and checks that the call failed as
     * terminated.
     */
    public static void terminateOnceListed(String query, String taskName, String marker) throws Exception {
        terminateOnceListed(query, taskName, marker, () -> { });
    }

    /** As above; {@code afterTerminate} runs between the termination and the wait for the call's failure. */
    public static void terminateOnceListed(String query, String taskName, String marker, Runnable afterTerminate)
        throws Exception {
        terminateOnceShown(query, "CALL gds.listProgress() YIELD taskName WHERE taskName = $task RETURN taskName",
            Map.of("task", taskName), marker, afterTerminate);
    }

    /** As above, waiting until {@code shown} (a query on gds.listProgress) returns a row. */
    public static void terminateOnceShown(String query, String shown, Map<String, Object> parameters, String marker,
                                          Runnable afterTerminate) throws Exception {
        CompletableFuture<Object> call = CompletableFuture.supplyAsync(() -> rows(query));
        boolean seen = false;
        while (!seen && !call.isDone()) {
            seen = !rows(shown, parameters).isEmpty();
            Thread.sleep(20);
        }
        assertTrue(seen, "never shown in gds.listProgress: " + shown + " " + parameters);
        List<Map<String, Object>> running = rows("SHOW TRANSACTIONS YIELD transactionId, currentQuery "
            + "WHERE currentQuery CONTAINS $marker AND NOT currentQuery CONTAINS 'SHOW TRANSACTIONS' "
            + "RETURN transactionId", Map.of("marker", marker));
        assertEquals(1, running.size(), "transactions running " + marker + ": " + running);
        rows("TERMINATE TRANSACTION $id", Map.of("id", running.get(0).get("transactionId")));
        afterTerminate.run();
        Throwable failure = assertThrows(Exception.class, () -> call.get(5, TimeUnit.MINUTES));
        assertTrue(Errors.rootMessage(failure).toLowerCase().contains("terminated"), Errors.rootMessage(failure));
    }
}
