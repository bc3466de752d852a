package org.graphsha.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.graphsha.procedures.GraphshaProcedures;
import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilder;
import org.neo4j.harness.Neo4jBuilders;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.storageengine.api.TransactionIdStore;

/**
 * One in-process Neo4j (test harness) with GDS and graphsha registered, shared by every
 * integration test of the JVM because a start costs ~20 s (and GDS's own set-up as much again on a busy
 * machine). Tests clean up with {@link #reset()}.
 * The import directory links the shared datasets (when present) under their names.
 */
public final class TestNeo4j {

    private static CompletableFuture<Started> started;
    /** The last committed transaction when Cora-LT was last written; -1 when it is not in the database. */
    private static long coraLongTailedAt = -1;

    private record Started(Neo4j neo4j, Path importDirectory) {}

    private TestNeo4j() {}

    public static GraphDatabaseService db() {
        return starting().join().neo4j().defaultDatabaseService();
    }

    /** The harness's Bolt address, for clients outside this JVM (the Spark job's test). */
    public static java.net.URI boltUri() {
        return starting().join().neo4j().boltURI();
    }

    public static Path importDirectory() {
        return starting().join().importDirectory();
    }

    /**
     * Starts the harness on a thread of its own and returns at once, so that the start overlaps the tests that
     * need no database; {@link #db()} waits for it. A failed start fails every {@link #db()} call.
     */
    public static void startInBackground() {
        starting();
    }

    private static synchronized CompletableFuture<Started> starting() {
        if (started == null) {
            started = CompletableFuture.supplyAsync(TestNeo4j::start, task -> {
                Thread thread = new Thread(task, "test-neo4j-start");
                thread.setDaemon(true);
                thread.start();
            });
        }
        return started;
    }

    /**
     * An in-process builder without the HTTP server whose close does not wait: Bolt's Netty event loops otherwise
     * wait a quiet period of 5 s each at shutdown, 10 s of every close (and of every test JVM's exit).
     */
    public static Neo4jBuilder builder() {
        return Neo4jBuilders.newInProcessBuilder().withDisabledServer()
            .withConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0);
    }

    private static Started start() {
        Path importDirectory;
        try {
            importDirectory = Files.createTempDirectory("graphsha-import");
            for (String name : List.of("photo", "computers", "cs", "pubmed")) {
                Path shared = SharedDatasets.root().resolve(name);
                if (Files.isDirectory(shared)) {
                    Files.createSymbolicLink(importDirectory.resolve(name), shared);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Neo4jBuilder builder = builder()
            .withConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("gds.*", "graphsha.*"))
            .withConfig(GraphDatabaseSettings.load_csv_file_url_root, importDirectory);
        for (Class<?> type : GdsTestProcedures.classes()) {
            builder = builder.withProcedure(type).withFunction(type).withAggregationFunction(type);
        }
        for (Class<?> type : GraphshaProcedures.CLASSES) {
            builder = builder.withProcedure(type).withFunction(type);
        }
        Neo4j neo4j = builder.build();
        Runtime.getRuntime().addShutdownHook(new Thread(neo4j::close));
        // GDS sets itself up on its first call and its first projection: seconds that belong to the start.
        GraphDatabaseService db = neo4j.defaultDatabaseService();
        db.executeTransactionally("CALL gds.graph.project('warm-up', '*', '*') YIELD graphName "
            + "CALL gds.graph.drop(graphName) YIELD nodeCount RETURN count(*)");
        return new Started(neo4j, importDirectory);
    }

    /** Deletes all data and all GDS graphs. */
    public static void reset() {
        run("CALL gds.graph.list() YIELD graphName CALL gds.graph.drop(graphName) YIELD nodeCount RETURN count(*)");
        run("MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS");
    }

    /**
     * A fresh database with no stored models, Cora loaded with its long-tailed split, and the GDS graph
     * {@code cora} projected undirected with features and classes: the state the train-procedure tests start from.
     * Cora is written again only when a transaction has committed since it was last written: otherwise the
     * database holds exactly what the load and split wrote, and the classes that start from it share one load.
     */
    public static void resetWithCoraLongTailed() {
        boolean unchanged = lastCommittedTransaction() == coraLongTailedAt;
        run("CALL gds.graph.list() YIELD graphName CALL gds.graph.drop(graphName) YIELD nodeCount RETURN count(*)");
        rows("CALL graphsha.model.list() YIELD modelName CALL graphsha.model.drop(modelName) YIELD modelInfo "
            + "RETURN count(*)");
        if (!unchanged) {
            reset();
            rows("CALL graphsha.dataset.load('cora')");
            rows("CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES'})");
        }
        rows("CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['features', 'class']})");
        coraLongTailedAt = lastCommittedTransaction();
    }

    private static long lastCommittedTransaction() {
        return ((GraphDatabaseAPI) db()).getDependencyResolver().resolveDependency(TransactionIdStore.class)
            .getLastCommittedTransactionId();
    }

    public static List<Map<String, Object>> rows(String query) {
        return rows(query, Map.of());
    }

    public static List<Map<String, Object>> rows(String query, Map<String, Object> parameters) {
        return query(query, parameters, result -> {
            List<Map<String, Object>> rows = new ArrayList<>();
            result.forEachRemaining(rows::add);
            return rows;
        });
    }

    public static Object single(String query) {
        List<Map<String, Object>> rows = rows(query);
        if (rows.size() != 1 || rows.get(0).size() != 1) {
            throw new AssertionError("expected one row with one column from " + query + " but got " + rows);
        }
        return rows.get(0).values().iterator().next();
    }

    public static void run(String query) {
        if (query.contains("IN TRANSACTIONS")) {
            db().executeTransactionally(query);
            return;
        }
        rows(query);
    }

    private static <T> T query(String query, Map<String, Object> parameters, Function<Result, T> read) {
        try (Transaction tx = db().beginTx(); Result result = tx.execute(query, parameters)) {
            T value = read.apply(result);
            tx.commit();
            return value;
        }
    }

    /** Node, relationship and property counts and the model catalog, to show that a failed call changed nothing. */
    public static List<Object> counts() {
        return List.of(single("MATCH (n) RETURN count(n)"), single("MATCH ()-[r]->() RETURN count(r)"),
            single("MATCH (n) UNWIND keys(n) AS key RETURN count(key)"),
            single("CALL graphsha.model.list() YIELD modelName RETURN collect(modelName)"));
    }
}
