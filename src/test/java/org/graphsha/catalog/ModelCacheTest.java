package org.graphsha.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.graphsha.graph.NodeRows;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model cache of graphsha.predict.nodes: read once, bounded, invalidated on store, drop and file change. */
class ModelCacheTest {

    /** Authentication off: the shared models every user sees. */
    private static final CatalogUser SHARED = new CatalogUser("", true);

    @TempDir
    Path folder;

    static TrainedModel model(String name, float weight) {
        return new TrainedModel(name, new TrainingGraph("g", List.of("Paper"), List.of("CITES"), List.of(3)),
            ModelSpec.defaults(BackboneKind.GCN), "vanilla", List.of(0L, 1L), List.of("features"),
            3, 1, Map.of(), Map.of(), Instant.parse("2026-11-25T10:00:00Z"),
            List.of(new Tensor("conv1.weight", new long[] {3, 2}, new float[] {weight, 2, 3, 4, 5, 6}, true)),
            new double[] {0, 0}, new ProjectionSchema(List.of("Paper"), List.of("CITES"), Map.of("CITES", "UNDIRECTED"), true));
    }

    @Test
    void readsAModelFileOnceAndKeepsItsProjectionSchema() {
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED);
        catalog.store(model("once", 1), false);
        long loads = ModelCache.loads();
        TrainedModel first = ModelCache.get(catalog, "once");
        for (int i = 0; i < 10; i++) {
            assertSame(first, ModelCache.get(catalog, "once"));
        }
        assertEquals(loads + 1, ModelCache.loads());
        assertEquals(List.of("Paper"), first.projection().nodeLabels());
        assertEquals(Map.of("CITES", "UNDIRECTED"), first.projection().orientations());
    }

    @Test
    void storingOrDroppingThroughTheCatalogInvalidates() {
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED);
        catalog.store(model("swap", 1), false);
        ModelCache.load(catalog, "swap").rows("db").putAll(0, new long[] {7}, new float[] {1, 2});
        catalog.store(model("swap", 9), true);
        ModelCache.Loaded reloaded = ModelCache.load(catalog, "swap");
        assertEquals(9f, reloaded.model().parameters().get(0).data()[0]);
        assertNull(reloaded.rows("db").get(7), "the rows of a replaced model are gone with it");
        catalog.drop("swap", Optional.empty());
        IllegalArgumentException gone = assertThrows(IllegalArgumentException.class, () -> ModelCache.get(catalog, "swap"));
        assertTrue(gone.getMessage().contains("does not exist"), gone.getMessage());
    }

    @Test
    void aFileReplacedOrDeletedBehindTheCatalogIsNotServedStale() throws Exception {
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED);
        catalog.store(model("behind", 1), false);
        TrainedModel cached = ModelCache.get(catalog, "behind");
        Path file = ModelFiles.file(folder, "behind");
        ModelFiles.write(folder, model("behind", 5));
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5)));
        TrainedModel fresh = ModelCache.get(catalog, "behind");
        assertNotSame(cached, fresh);
        assertEquals(5f, fresh.parameters().get(0).data()[0]);
        Files.delete(file);
        assertThrows(IllegalArgumentException.class, () -> ModelCache.get(catalog, "behind"));
    }

    @Test
    void keepsAtMostMaxModelsLeastRecentlyUsedFirstOut() {
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED);
        for (int i = 0; i <= ModelCache.MAX_MODELS; i++) {
            catalog.store(model("m" + i, i), false);
            ModelCache.get(catalog, "m" + i);
        }
        assertTrue(ModelCache.size() <= ModelCache.MAX_MODELS, "size " + ModelCache.size());
        long loads = ModelCache.loads();
        ModelCache.get(catalog, "m" + ModelCache.MAX_MODELS);
        assertEquals(loads, ModelCache.loads(), "the most recent model stays");
        ModelCache.get(catalog, "m0");
        assertEquals(loads + 1, ModelCache.loads(), "the least recently used one was evicted and is read again");
    }

    @Test
    void rowsReadBeforeAChangeAreNotKeptAndTheBoundEmptiesThem() {
        NodeRows rows = new NodeRows(2, 6);
        long before = rows.epoch();
        rows.putAll(before, new long[] {1, 2}, new float[] {1, 1, 2, 2});
        assertArrayEquals(new float[] {2, 2}, rows.get(2));
        long epoch = rows.epoch();
        rows.forget(new long[] {2});
        assertNull(rows.get(2));
        rows.putAll(epoch, new long[] {3}, new float[] {3, 3});
        assertNull(rows.get(3), "read before the change, so possibly older than it");
        rows.putAll(rows.epoch(), new long[] {3, 4}, new float[] {3, 3, 4, 4});
        assertEquals(2, rows.size(), "a forgotten row's space counts until the rows start empty again");
        assertNull(rows.get(1));
        rows.putAll(rows.epoch(), new long[] {5}, new float[] {5, 5});
        assertEquals(3, rows.size());
        float[] gathered = new float[8];
        assertArrayEquals(new int[] {1, 3}, rows.gather(new long[] {3, 9, 5, 4}, i -> i != 3, gathered));
        assertArrayEquals(new float[] {3, 3, 0, 0, 5, 5, 0, 0}, gathered);
        rows.putAll(rows.epoch(), new long[] {6}, new float[] {6, 6});
        assertEquals(1, rows.size(), "past the bound it starts empty");
    }

    @Test
    void manyRowsSurviveGrowthAndRemoval() {
        NodeRows rows = new NodeRows(1, 1 << 20);
        long[] ids = new long[5000];
        float[] values = new float[5000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = 7L * i + (i % 3 == 0 ? 1L << 40 : 0);
            values[i] = i;
        }
        rows.putAll(rows.epoch(), ids, values);
        long[] odd = java.util.stream.IntStream.range(0, ids.length).filter(i -> i % 2 == 1).mapToLong(i -> ids[i]).toArray();
        rows.forget(odd);
        for (int i = 0; i < ids.length; i++) {
            float[] row = rows.get(ids[i]);
            if (i % 2 == 1) {
                assertNull(row);
            } else {
                assertArrayEquals(new float[] {i}, row);
            }
        }
        assertEquals(2500, rows.size());
    }

    @Test
    void forgetsTheRowsOfChangedFeatureProperties() {
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED);
        catalog.store(model("changes", 1), false);
        NodeRows rows = ModelCache.load(catalog, "changes").rows("db-x");
        rows.putAll(rows.epoch(), new long[] {1, 2, 3}, new float[] {1, 1, 2, 2, 3, 3});
        assertTrue(ModelCache.hasRows("db-x"));
        ModelCache.forgetNodes("db-x", Map.of("predicted", new long[] {1}), new long[0]);
        assertArrayEquals(new float[] {1, 1}, rows.get(1), "another property than the model's features");
        ModelCache.forgetNodes("db-x", Map.of("features", new long[] {1}), new long[] {3});
        assertNull(rows.get(1));
        assertNull(rows.get(3));
        assertArrayEquals(new float[] {2, 2}, rows.get(2));
        ModelCache.forgetNodes("db-y", Map.of("features", new long[] {2}), new long[0]);
        assertArrayEquals(new float[] {2, 2}, rows.get(2), "another database's node 2");
    }
}
