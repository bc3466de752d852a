package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** graphsha.model.export and graphsha.model.import: a model file in the import directory, round trip and refusals. */
class ModelTransferTest {

    @BeforeAll
    static void coraWithModel() {
        TestNeo4j.resetWithCoraLongTailed();
        rows("CALL graphsha.train('cora', {modelName: 'moving', splitProperty: 'split', method: 'vanilla', epochs: 5})");
    }

    @AfterAll
    static void dropModels() throws IOException {
        rows("CALL graphsha.model.drop('moving', false) YIELD modelName RETURN count(*)");
        rows("CALL graphsha.model.drop('arrived', false) YIELD modelName RETURN count(*)");
        Files.deleteIfExists(TestNeo4j.importDirectory().resolve("transfer").resolve("moving.graphsha-model"));
    }

    private static List<Object> predictions(String model) {
        return rows("CALL graphsha.predict.stream('cora', {modelName: $model, includePredictedProbabilities: true}) "
            + "YIELD nodeId, predictedClass, predictedProbabilities "
            + "RETURN nodeId, predictedClass, predictedProbabilities ORDER BY nodeId", Map.of("model", model))
            .stream().map(r -> (Object) List.of(r.get("nodeId"), r.get("predictedClass"), r.get("predictedProbabilities")))
            .toList();
    }

    @Test
    void anExportedModelImportsUnderANewNameAndPredictsTheSame() {
        Map<String, Object> exported = rows("CALL graphsha.model.export('moving', {fileName: 'transfer/moving.graphsha-model'})")
            .get(0);
        Path file = TestNeo4j.importDirectory().resolve("transfer").resolve("moving.graphsha-model");
        assertTrue(Files.isRegularFile(file), "no model file at " + file);
        assertEquals(file.toString(), exported.get("path"));
        assertTrue((Long) exported.get("bytes") > 0);

        Map<String, Object> imported = rows("CALL graphsha.model.import('transfer/moving.graphsha-model', "
            + "{modelName: 'arrived'})").get(0);
        assertEquals("arrived", imported.get("modelName"));
        assertEquals(List.of("arrived"), rows("CALL graphsha.model.list('arrived') YIELD modelName RETURN modelName")
            .stream().map(r -> r.get("modelName")).toList());
        assertEquals("arrived", rows("CALL graphsha.model.list('arrived') YIELD configuration "
            + "RETURN configuration.modelName AS name").get(0).get("name"));
        assertEquals(predictions("moving"), predictions("arrived"));

        assertFailsUnchanged("CALL graphsha.model.import('transfer/moving.graphsha-model', {modelName: 'arrived'})",
            "`arrived` already exists", "overwrite: true");
        rows("CALL graphsha.model.import('transfer/moving.graphsha-model', {modelName: 'arrived', overwrite: true})");
        assertFailsUnchanged("CALL graphsha.model.export('moving', {fileName: 'transfer/moving.graphsha-model'})",
            "already exists", "overwrite: true");
    }

    @Test
    void badFilesAndPathsAreRefusedBeforeAnythingIsWritten() throws IOException {
        assertFailsUnchanged("CALL graphsha.model.export('moving', {fileName: '../outside.graphsha-model'})",
            "'../outside.graphsha-model'", "`fileName`", "outside the import directory");
        assertFalse(Files.exists(TestNeo4j.importDirectory().getParent().resolve("outside.graphsha-model")));
        assertFailsUnchanged("CALL graphsha.model.export('moving', {fileName: 'nodes.csv'})",
            "'nodes.csv'", "`fileName`", ".graphsha-model");
        assertFailsUnchanged("CALL graphsha.model.export('absent')", "`absent` does not exist");
        assertFailsUnchanged("CALL graphsha.model.export('moving', {fileNme: 'x.graphsha-model'})", "fileNme");
        assertFailsUnchanged("CALL graphsha.model.import('missing.graphsha-model')", "No model file", "missing.graphsha-model");
        Files.writeString(TestNeo4j.importDirectory().resolve("garbage.graphsha-model"), "not a model");
        try {
            assertFailsUnchanged("CALL graphsha.model.import('garbage.graphsha-model')", "is not a graphsha model file");
        } finally {
            Files.delete(TestNeo4j.importDirectory().resolve("garbage.graphsha-model"));
        }
    }
}
