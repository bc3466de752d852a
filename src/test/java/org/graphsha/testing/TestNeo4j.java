package org.graphsha.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.graphsha.tools.cli.GdsProcedureClasses;
import org.graphsha.procedures.GraphshaProcedures;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilder;
import org.neo4j.harness.Neo4jBuilders;

/**
 * One in-process Neo4j (test harness) with GDS and graphsha registered, shared by every
 * integration test of the JVM because a start costs ~20 s. Tests clean up with {@link #reset()}.
 * The import directory links the shared datasets (when present) under their names.
 */
public final class TestNeo4j {

    private static Neo4j neo4j;
    private static Path importDirectory;

    private TestNeo4j() {}

    public static synchronized GraphDatabaseService db() {
        if (neo4j == null) {
            start();
        }
        return neo4j.defaultDatabaseService();
    }

    public static Path importDirectory() {
        db();
        return importDirectory;
    }

    private static void start() {
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
        Neo4jBuilder builder = Neo4jBuilders.newInProcessBuilder()
            .withDisabledServer()
            .withConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("gds.*", "graphsha.*"))
            .withConfig(GraphDatabaseSettings.load_csv_file_url_root, importDirectory);
        for (Class<?> type : GdsProcedureClasses.find()) {
            builder = builder.withProcedure(type).withFunction(type).withAggregationFunction(type);
        }
        for (Class<?> type : GraphshaProcedures.CLASSES) {
            builder = builder.withProcedure(type);
        }
        neo4j = builder.build();
        Runtime.getRuntime().addShutdownHook(new Thread(neo4j::close));
    }

    /** Deletes all data and all GDS graphs. */
    public static void reset() {
        run("CALL gds.graph.list() YIELD graphName CALL gds.graph.drop(graphName) YIELD nodeCount RETURN count(*)");
        run("MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS");
    }

    /**
     * A fresh database with no stored models, Cora loaded with its long-tailed split, and the GDS graph
     * {@code cora} projected undirected with features and classes: the state the train-procedure tests start from.
     */
    public static void resetWithCoraLongTailed() {
        reset();
        rows("CALL graphsha.model.list() YIELD modelName CALL graphsha.model.drop(modelName) YIELD modelInfo RETURN count(*)");
        rows("CALL graphsha.dataset.load('cora')");
        rows("CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES'})");
        rows("CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['features', 'class']})");
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
