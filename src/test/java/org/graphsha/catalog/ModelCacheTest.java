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

import org.graphsha.live.rows.GraphChanges;
import org.graphsha.live.rows.NodeRows;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.Tensor;
import org.graphsha.live.NodePredictPipeline;
import org.graphsha.live.NodeChanges;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model cache of graphsha.predict.nodes: read once, bounded, invalidated on store, drop and file change. */
class ModelCacheTest {

    /** Authentication off: the shared models every user sees. */
    private static final CatalogUser SHARED = new CatalogUser("", true);

    @TempDir
    Path folder;

    /** The graph of the test model's projection in one database. */
    static ModelCache.RowGraph papers(String database) {
        return new ModelCache.RowGraph(database, List.of("Paper"), List.of("CITES"));
    }

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
        ModelCache.load(catalog, "swap").rows(papers("db")).putAll(0, new long[] {7}, new float[] {1, 2});
        catalog.store(model("swap", 9), true);
        ModelCache.Loaded reloaded = ModelCache.load(catalog, "swap");
        assertEquals(9f, reloaded.model().parameters().get(0).data()[0]);
        assertNull(reloaded.rows(papers("db")).get(7), "the rows of a replaced model are gone with it");
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

    private static final Map<Long, long[]> NEIGHBOURS = Map.of(1L, new long[] {2}, 2L, new long[] {1, 3},
        3L, new long[] {2, 4}, 4L, new long[] {3}, 5L, new long[] {6}, 6L, new long[] {5});

    private static GraphChanges changes(Map<String, long[]> properties, Map<String, long[]> labels,
                                        Map<String, long[]> relationships, long... deleted) {
        return new GraphChanges(properties, labels, relationships, deleted,
            id -> NEIGHBOURS.getOrDefault(id, new long[0]));
    }

    private static void fill(NodeRows rows) {
        float[] data = new float[6 * rows.width()];
        rows.putAll(rows.epoch(), new long[] {1, 2, 3, 4, 5, 6}, data);
    }

    private static List<Long> kept(NodeRows rows) {
        return java.util.stream.LongStream.rangeClosed(1, 6).filter(rows::contains).boxed().toList();
    }

    @Test
    void forgetsWhatAChangeReaches() {
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED);
        catalog.store(model("changes", 1), false);
        ModelCache.Loaded loaded = ModelCache.load(catalog, "changes");
        NodeRows rows = loaded.rows(papers("db-x"));
        NodeRows hidden = loaded.hidden(papers("db-x"));
        fill(rows);
        fill(hidden);
        NodeRows other = loaded.rows(papers("db-y"));
        fill(other);
        assertTrue(ModelCache.hasRows("db-x"));

        ModelCache.forgetNodes("db-x", changes(Map.of("predicted", new long[] {1}), Map.of(), Map.of()));
        ModelCache.forgetNodes("db-x", changes(Map.of(), Map.of("Reviewed", new long[] {4}),
            Map.of("KNOWS", new long[] {5, 6})));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(rows), "another property, label and type than the model's");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(hidden));

        ModelCache.forgetNodes("db-x", changes(Map.of("features", new long[] {2}), Map.of(), Map.of()));
        assertEquals(List.of(1L, 3L, 4L, 5L, 6L), kept(rows), "X·W of the changed node");
        assertEquals(List.of(4L, 5L, 6L), kept(hidden), "layer 1 of the node and its neighbours");

        ModelCache.forgetNodes("db-x", changes(Map.of(), Map.of(), Map.of("CITES", new long[] {5, 6})));
        assertEquals(List.of(1L, 3L, 4L, 5L, 6L), kept(rows), "a relationship changes no X·W");
        assertEquals(List.of(4L), kept(hidden), "layer 1 of both ends");

        ModelCache.forgetNodes("db-x", changes(Map.of(), Map.of("Paper", new long[] {4}), Map.of()));
        assertEquals(List.of(1L, 3L, 5L, 6L), kept(rows), "a row vouches for its node's labels");
        assertEquals(List.of(), kept(hidden));

        ModelCache.forgetNodes("db-x", changes(Map.of(), Map.of(), Map.of(), 1L));
        assertEquals(List.of(3L, 5L, 6L), kept(rows), "a deleted node");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(other), "another database's nodes");
    }

    @Test
    void symmetricGcnForgetsTheNeighboursOfARelationshipsEnds() {
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED);
        TrainedModel m = model("symmetric", 1);
        catalog.store(new TrainedModel(m.name(), m.trainingGraph(), m.spec().withGcnNormalization(org.graphsha.nn.GcnNormalization.SYMMETRIC),
            m.method(), m.classValues(), m.featureProperties(), m.featureDimension(), m.bestEpoch(), m.configuration(),
            m.metrics(), m.createdAt(), m.parameters(), m.logitOffsets(), m.projection()), false);
        NodeRows hidden = ModelCache.load(catalog, "symmetric").hidden(papers("db-z"));
        fill(hidden);
        ModelCache.forgetNodes("db-z", changes(Map.of(), Map.of(), Map.of("CITES", new long[] {2, 5})));
        assertEquals(List.of(4L), kept(hidden), "the ends' degrees weigh their neighbours' layer 1");
        fill(hidden);
        ModelCache.forgetNodes("db-z", changes(Map.of(), Map.of("Paper", new long[] {6}), Map.of()));
        assertEquals(List.of(), kept(hidden), "a membership change reaches two hops of degrees: all go");
    }

    @Test
    void rowsOfOneGraphAreNotThoseOfAnotherAndFollowItsOwnLabelsAndTypes() {
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED);
        catalog.store(model("graphs", 1), false);
        ModelCache.Loaded loaded = ModelCache.load(catalog, "graphs");
        // A model stored without its projection is read with each call's labels and types.
        ModelCache.RowGraph knows = new ModelCache.RowGraph("db-k", List.of(), List.of("KNOWS"));
        NodeRows cites = loaded.hidden(papers("db-k"));
        fill(cites);
        assertEquals(List.of(), kept(loaded.hidden(knows)), "the KNOWS graph starts empty");
        fill(loaded.hidden(knows));
        ModelCache.forgetNodes("db-k", changes(Map.of(), Map.of(), Map.of("KNOWS", new long[] {5, 6})));
        assertEquals(List.of(1L, 2L, 3L, 4L), kept(loaded.hidden(knows)), "a KNOWS relationship reaches the KNOWS graph");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(cites), "and not the CITES graph");
        NodeRows anyLabel = loaded.rows(knows);
        fill(anyLabel);
        ModelCache.forgetNodes("db-k", changes(Map.of(), Map.of("Reviewed", new long[] {4}), Map.of()));
        assertEquals(List.of(1L, 2L, 3L, 5L, 6L), kept(anyLabel), "every label counts where the graph names none");
    }

    @Test
    void aChangeThatCannotBeToldForgetsEverythingOfItsDatabase() {
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED);
        catalog.store(model("untold", 1), false);
        ModelCache.Loaded loaded = ModelCache.load(catalog, "untold");
        NodeRows rows = loaded.rows(papers("db-f"));
        NodeRows hidden = loaded.hidden(papers("db-f"));
        NodeRows other = loaded.hidden(papers("db-g"));
        fill(rows);
        fill(hidden);
        fill(other);
        // Node 2's neighbours cannot be read, so the layer-1 outputs that its change reaches are unknown.
        GraphChanges unreadable = new GraphChanges(Map.of("features", new long[] {2}), Map.of(), Map.of(), new long[0],
            id -> {
                throw new IllegalStateException("the database is shutting down");
            });
        NodeChanges.tell(NodePredictPipeline.ROW_INVALIDATION, "db-f", unreadable);
        assertEquals(List.of(), kept(hidden));
        assertEquals(List.of(), kept(rows));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(other), "another database's rows");
    }
}
