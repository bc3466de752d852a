package org.graphsha.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.graphsha.tools.cli.EmbeddedNeo4j;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * A model trained before a database restart is listed and predicts after it, from the folder that
 * {@code dbms.graphsha.models_directory} in the home's neo4j.conf names (RealServerTest installs a real server
 * with that setting; the restart is checked here).
 */
class ModelPersistenceTest {

    @TempDir
    Path home;

    @Test
    void modelSurvivesARestart() throws Exception {
        Path models = home.resolve("models elsewhere");
        Files.writeString(Files.createDirectories(home.resolve("conf")).resolve("neo4j.conf"),
            "dbms.graphsha.models_directory=" + models + "\n");
        List<Object> before;
        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(home, 0)) {
            GraphDatabaseService db = neo4j.db();
            db.executeTransactionally("UNWIND range(0, 39) AS i CREATE (:N {i: i, f: [toFloat(i % 4), 1.0], "
                + "c: CASE WHEN i % 4 = 0 THEN 'a' ELSE 'b' END})");
            db.executeTransactionally("MATCH (a:N), (b:N) WHERE b.i = a.i + 1 CREATE (a)-[:E]->(b)");
            run(db, "CALL gds.graph.project('g', 'N', {E: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['f']})");
            run(db, "CALL graphsha.train('g', {modelName: 'kept', targetProperty: 'c', "
                + "featureProperties: ['f'], epochs: 5})");
            before = predictions(db);
        }
        assertTrue(Files.isRegularFile(models.resolve("kept.graphsha-model")), "no model file in " + models);
        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(home, 0)) {
            GraphDatabaseService db = neo4j.db();
            assertEquals(List.of("kept"), db.executeTransactionally(
                "CALL graphsha.model.list() YIELD modelName RETURN collect(modelName) AS names", Map.of(),
                r -> r.next().get("names")));
            run(db, "CALL gds.graph.project('g', 'N', {E: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['f']})");
            assertEquals(before, predictions(db));
        }
    }

    /** Consumes the result: a read procedure whose result nobody reads never runs. */
    private static void run(GraphDatabaseService db, String query) {
        db.executeTransactionally(query, Map.of(), org.neo4j.graphdb.Result::resultAsString);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> predictions(GraphDatabaseService db) {
        return db.executeTransactionally("CALL graphsha.predict.stream('g', {modelName: 'kept', "
            + "includePredictedProbabilities: true}) YIELD nodeId, predictedClass, predictedProbabilities "
            + "MATCH (n) WHERE id(n) = nodeId RETURN collect([n.i, predictedClass, predictedProbabilities]) AS all", Map.of(), r -> (List<Object>) r.next().get("all"));
    }
}
