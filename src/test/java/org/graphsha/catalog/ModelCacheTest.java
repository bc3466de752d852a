package org.graphsha.catalog;

import static org.graphsha.catalog.TestModels.model;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model-file cache: read once, bounded, invalidated on store, drop and file change. */
class ModelCacheTest {

    /** Authentication off: the shared models every user sees. */
    private static final CatalogUser SHARED = new CatalogUser("", true);

    @TempDir
    Path folder;

    private final ModelCache<TrainedModel> cache = new ModelCache<>(256L << 20, model -> model);

    /** A catalog that tells the cache of the files it stores and drops. */
    private ModelCatalog catalog() {
        return ModelCatalog.at(folder, SHARED, cache::invalidate);
    }


    /** A user's own model and the shared one of the same name are two entries: neither user sees the other's. */
    @Test
    void eachUserGetsTheModelTheirCatalogResolves() {
        ModelCatalog shared = catalog();
        shared.store(model("m", 1), false);
        ModelCatalog alice = ModelCatalog.at(folder, new CatalogUser("alice", false), cache::invalidate);
        ModelCatalog bob = ModelCatalog.at(folder, new CatalogUser("bob", false), cache::invalidate);
        alice.store(model("m", 7), false);
        assertEquals(7f, cache.load(alice, "m").parameters().get(0).data()[0]);
        assertEquals(1f, cache.load(bob, "m").parameters().get(0).data()[0]);
        assertEquals(7f, cache.load(alice, "m").parameters().get(0).data()[0]);
        alice.store(model("m", 9), true);
        assertEquals(9f, cache.load(alice, "m").parameters().get(0).data()[0]);
        assertEquals(1f, cache.load(bob, "m").parameters().get(0).data()[0]);
    }

    @Test
    void readsAModelFileOnceAndKeepsItsProjectionSchema() {
        ModelCatalog catalog = catalog();
        catalog.store(model("once", 1), false);
        long loads = cache.loads();
        TrainedModel first = cache.load(catalog, "once");
        for (int i = 0; i < 10; i++) {
            assertSame(first, cache.load(catalog, "once"));
        }
        assertEquals(loads + 1, cache.loads());
        assertEquals(List.of("Paper"), first.projection().nodeLabels());
        assertEquals(Map.of("CITES", "UNDIRECTED"), first.projection().orientations());
    }

    @Test
    void storingOrDroppingThroughTheCatalogInvalidates() {
        ModelCatalog catalog = catalog();
        catalog.store(model("swap", 1), false);
        TrainedModel first = cache.load(catalog, "swap");
        catalog.store(model("swap", 9), true);
        TrainedModel reloaded = cache.load(catalog, "swap");
        assertNotSame(first, reloaded);
        assertEquals(9f, reloaded.parameters().get(0).data()[0]);
        catalog.drop("swap", Optional.empty());
        IllegalArgumentException gone = assertThrows(IllegalArgumentException.class, () -> cache.load(catalog, "swap"));
        assertTrue(gone.getMessage().contains("does not exist"), gone.getMessage());
    }

    @Test
    void aFileReplacedOrDeletedBehindTheCatalogIsNotServedStale() throws Exception {
        ModelCatalog catalog = catalog();
        catalog.store(model("behind", 1), false);
        TrainedModel cached = cache.load(catalog, "behind");
        Path file = ModelFiles.file(folder, "behind");
        ModelFiles.write(folder, model("behind", 5));
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5)));
        TrainedModel fresh = cache.load(catalog, "behind");
        assertNotSame(cached, fresh);
        assertEquals(5f, fresh.parameters().get(0).data()[0]);
        Files.delete(file);
        assertThrows(IllegalArgumentException.class, () -> cache.load(catalog, "behind"));
    }

    @Test
    void keepsAtMostMaxModelsLeastRecentlyUsedFirstOut() {
        ModelCatalog catalog = catalog();
        for (int i = 0; i <= ModelCache.MAX_MODELS; i++) {
            catalog.store(model("m" + i, i), false);
            cache.load(catalog, "m" + i);
        }
        assertTrue(cache.size() <= ModelCache.MAX_MODELS, "size " + cache.size());
        long loads = cache.loads();
        cache.load(catalog, "m" + ModelCache.MAX_MODELS);
        assertEquals(loads, cache.loads(), "the most recent model stays");
        cache.load(catalog, "m0");
        assertEquals(loads + 1, cache.loads(), "the least recently used one was evicted and is read again");
    }

    @Test
    void keepsParametersWithinItsBudgetButAlwaysTheMostRecentModel() {
        ModelCatalog catalog = catalog();
        ModelCache<TrainedModel> small = new ModelCache<>(6 * Float.BYTES, model -> model);
        catalog.store(model("first", 1), false);
        catalog.store(model("second", 2), false);
        small.load(catalog, "first");
        assertEquals(6 * Float.BYTES, small.bytes(), "one model of six parameters fits");
        small.load(catalog, "second");
        assertEquals(1, small.size(), "two do not: the older one goes");
        ModelCache<TrainedModel> none = new ModelCache<>(0, model -> model);
        none.load(catalog, "first");
        assertEquals(1, none.size(), "the most recent model stays even over the budget");
    }
}
