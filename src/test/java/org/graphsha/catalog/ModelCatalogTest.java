package org.graphsha.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelCatalogTest {

    @TempDir
    Path folder;

    private static TrainedModel model(String name) {
        return new TrainedModel(name, ModelSpec.defaults(BackboneKind.GAT), "graphsha", List.of("fraud", "normal"),
            List.of("features", "age"), 3, 42, Map.of("epochs", 900L, "learningRate", 0.01),
            Map.of("validation", Map.of("accuracy", 0.75)), Instant.parse("2026-11-25T10:00:00Z"),
            List.of(new Tensor("w1", new long[] {3, 2}, new float[] {1, 2, 3, 4, 5, 6.5f}, true),
                new Tensor("b2", new long[] {2}, new float[] {-1, Float.MIN_VALUE}, false)), new double[] {0, -1.5});
    }

    @Test
    void survivesAReopenWithEverythingIntact() {
        ModelCatalog.at(folder).store(model("m1"), false);
        TrainedModel read = ModelCatalog.at(folder).get("m1");
        assertEquals(BackboneKind.GAT, read.spec().kind());
        assertEquals(List.of("fraud", "normal"), read.classValues());
        assertEquals(900L, read.configuration().get("epochs"));
        assertEquals(0.01, read.configuration().get("learningRate"));
        assertEquals(42, read.bestEpoch());
        assertArrayEquals(new long[] {3, 2}, read.parameters().get(0).shape());
        assertArrayEquals(new float[] {-1, Float.MIN_VALUE}, read.parameters().get(1).data());
        assertTrue(read.parameters().get(0).firstLayer());
        assertArrayEquals(new double[] {0, -1.5}, read.logitOffsets());
    }

    @Test
    void keepsIntegerClassValuesAsIntegers() {
        TrainedModel m = model("ints");
        m = new TrainedModel("ints", m.spec(), m.method(), List.of(0L, 3L), m.featureProperties(), m.featureDimension(),
            m.bestEpoch(), m.configuration(), m.metrics(), m.createdAt(), m.parameters(), m.logitOffsets());
        ModelCatalog.at(folder).store(m, false);
        assertEquals(List.of(0L, 3L), ModelCatalog.at(folder).get("ints").classValues());
    }

    @Test
    void refusesDuplicatesUnlessOverwriting() {
        ModelCatalog catalog = ModelCatalog.at(folder);
        catalog.store(model("m"), false);
        var error = assertThrows(IllegalArgumentException.class, () -> catalog.store(model("m"), false));
        assertTrue(error.getMessage().contains("Model `m` already exists; pass overwrite: true"), error.getMessage());
        catalog.store(model("m"), true);
        assertEquals(1, ModelCatalog.at(folder).list().size());
    }

    @Test
    void dropRemovesTheFile() {
        ModelCatalog catalog = ModelCatalog.at(folder);
        catalog.store(model("gone"), false);
        assertTrue(catalog.drop("gone").isPresent());
        assertFalse(ModelCatalog.at(folder).exists("gone"));
        assertTrue(catalog.drop("gone").isEmpty());
    }

    @Test
    void rejectsPathTricksInNames() {
        for (String bad : List.of("../evil", "a/b", ".hidden", "", "x".repeat(129), "a\\b")) {
            var error = assertThrows(IllegalArgumentException.class, () -> ModelCatalog.at(folder).requireStorable(bad, false));
            assertTrue(error.getMessage().startsWith("Invalid model name"), error.getMessage());
        }
    }

    @Test
    void leavesNoTemporaryFiles() throws Exception {
        ModelCatalog.at(folder).store(model("m"), false);
        try (var files = Files.list(folder)) {
            assertEquals(List.of("m.graphsha-model"), files.map(p -> p.getFileName().toString()).toList());
        }
    }
}
