package org.graphsha.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.TestModels;
import org.graphsha.nn.BackboneKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Spark job's keys for its model, and the model's way in and out: whole files, a rerun replacing cleanly. */
class JobModelsTest {

    @TempDir
    Path folder;

    private JobConfig config(String... args) {
        String[] all = Stream.concat(Stream.of("url=bolt://localhost:7687", "nodeLabel=Paper", "relationshipType=CITES"),
            Stream.of(args)).toArray(String[]::new);
        return JobConfig.parse(all);
    }

    private JobConfig training(String... args) {
        return config(Stream.concat(Stream.of("featureProperties=features", "targetProperty=cls", "modelName=papers"),
            Stream.of(args)).toArray(String[]::new));
    }

    @Test
    void aRerunReplacesTheModelFileOnlyWithOverwriteAndLeavesNoOtherFile() throws IOException {
        Path file = folder.resolve("models").resolve("papers.graphsha-model");
        JobModels.store(TestModels.model("papers", 1f, BackboneKind.SIGN), training("modelFile=" + file));
        JobConfig again = training("modelFile=" + file);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> JobModels.requireStorable(again));
        assertTrue(refused.getMessage().contains("modelFile") && refused.getMessage().contains("overwrite=true"),
            refused.getMessage());
        assertEquals(1f, ModelCatalog.readFile(file).parameters().get(0).data()[0]);

        JobModels.store(TestModels.model("papers", 2f, BackboneKind.SIGN), training("modelFile=" + file,
            "overwrite=true"));
        assertEquals(2f, ModelCatalog.readFile(file).parameters().get(0).data()[0]);
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(java.util.List.of(file), files.toList(), "staging files left beside the model");
        }
    }

    @Test
    void theModelsFolderHoldsASharedModelThatARerunReplacesOnlyWithOverwrite() {
        Path models = folder.resolve("server-models");
        JobModels.store(TestModels.model("papers", 1f, BackboneKind.SIGN), training("modelsFolder=" + models));
        assertThrows(IllegalArgumentException.class, () -> JobModels.requireStorable(training("modelsFolder=" + models)));
        JobModels.store(TestModels.model("papers", 3f, BackboneKind.SIGN), training("modelsFolder=" + models,
            "overwrite=true"));
        assertEquals(3f, ModelCatalog.at(models, new CatalogUser("bob", false)).get("papers").parameters().get(0)
            .data()[0], "every user reads the shared model");
        assertEquals(3f, JobModels.load(config("task=predict", "modelsFolder=" + models, "modelName=papers"))
            .parameters().get(0).data()[0]);
    }

    @Test
    void predictScoresSignModelsOnlyAndTakesNoTrainingKeys() {
        Path file = folder.resolve("gcn.graphsha-model");
        ModelCatalog.writeFile(TestModels.model("gcn", 1f), file, false);
        IllegalArgumentException gcn = assertThrows(IllegalArgumentException.class,
            () -> JobModels.load(config("task=predict", "modelFile=" + file)));
        assertTrue(gcn.getMessage().contains("backbone `gcn`") && gcn.getMessage().contains("graphsha.predict"),
            gcn.getMessage());

        IllegalArgumentException otherName = assertThrows(IllegalArgumentException.class,
            () -> JobModels.load(config("task=predict", "modelFile=" + file, "modelName=papers")));
        assertTrue(otherName.getMessage().contains("holds model `gcn`, but modelName was `papers`"),
            otherName.getMessage());

        IllegalArgumentException keys = assertThrows(IllegalArgumentException.class,
            () -> config("task=predict", "modelFile=" + file, "epochs=20"));
        assertTrue(keys.getMessage().contains("[epochs]"), keys.getMessage());
        IllegalArgumentException task = assertThrows(IllegalArgumentException.class,
            () -> config("task=score", "modelFile=" + file));
        assertTrue(task.getMessage().contains("`score`"), task.getMessage());
        IllegalArgumentException name = assertThrows(IllegalArgumentException.class,
            () -> config("task=predict", "modelsFolder=" + folder));
        assertTrue(name.getMessage().contains("modelName"), name.getMessage());
    }
}
