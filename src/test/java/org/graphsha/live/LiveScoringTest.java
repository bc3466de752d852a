package org.graphsha.live;

import static org.graphsha.live.rows.ModelRowsTest.fill;
import static org.graphsha.live.rows.ModelRowsTest.kept;
import static org.graphsha.catalog.TestModels.model;
import static org.graphsha.live.rows.ModelRowsTest.papers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.live.rows.GraphChanges;
import org.graphsha.live.rows.ModelRows;
import org.graphsha.live.rows.NodeRows;
import org.graphsha.store.settings.GraphshaSettings;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.harness.Neo4j;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * Live scoring's state: the rows of a model go with it, a change that cannot be told forgets its
 * database, the settings size the caches, and the database extension's stop removes its listener and
 * frees what was kept of the database, as the DBMS's stop frees everything.
 */
class LiveScoringTest {

    /** Authentication off: the shared models every user sees. */
    private static final CatalogUser SHARED = new CatalogUser("", true);

    @TempDir
    Path folder;

    @Test
    void storingOrDroppingThroughTheCatalogDropsTheModelWithItsRows() {
        LiveScoring live = new LiveScoring(256L << 20, 128L << 20);
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED, live::modelFileChanged);
        catalog.store(model("swap", 1), false);
        ModelRows first = live.load(catalog, "swap");
        fill(first.rows(papers("db")));
        long filled = live.bytes();
        catalog.store(model("swap", 9), true);
        assertTrue(live.bytes() < filled, "the replaced model and its rows are no longer kept");
        ModelRows reloaded = live.load(catalog, "swap");
        assertNotSame(first, reloaded);
        assertEquals(9f, reloaded.model().parameters().get(0).data()[0]);
        assertEquals(List.of(), kept(reloaded.rows(papers("db"))), "the rows of a replaced model are gone with it");
        catalog.drop("swap", java.util.Optional.empty());
        assertEquals(0, live.modelCount());
    }

    @Test
    void aChangeThatCannotBeToldForgetsEverythingOfItsDatabase() {
        LiveScoring live = new LiveScoring(256L << 20, 128L << 20);
        ModelCatalog catalog = ModelCatalog.at(folder, SHARED, live::modelFileChanged);
        catalog.store(model("untold", 1), false);
        ModelRows loaded = live.load(catalog, "untold");
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
        NodeChanges.tell(live, "db-f", unreadable);
        assertEquals(List.of(), kept(hidden));
        assertEquals(List.of(), kept(rows));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(other), "another database's rows");
    }

    /**
     * One DBMS of its own with small caches: the settings reach the extension's live scoring; a database
     * watch registered and stopped tells changes only while it runs and frees its database's rows at stop;
     * the DBMS's stop frees the models.
     */
    @Test
    void theSettingsSizeTheCachesAndStoppingFreesThemAndTheListener() {
        LiveScoring extensions;
        try (Neo4j neo4j = TestNeo4j.builder()
            .withConfig(GraphshaSettings.model_cache_max_size, 1024L)
            .withConfig(GraphshaSettings.row_cache_max_size, 64L * Float.BYTES)
            .build()) {
            GraphDatabaseAPI db = (GraphDatabaseAPI) neo4j.defaultDatabaseService();
            extensions = db.getDependencyResolver().resolveDependency(LiveScoring.class);
            assertEquals(1024L, extensions.maxModelBytes());
            assertEquals(64L * Float.BYTES, extensions.maxRowTableBytes());
            ModelCatalog catalog = ModelCatalog.at(folder, SHARED, extensions::modelFileChanged);
            catalog.store(model("small", 1), false);
            NodeRows table = extensions.load(catalog, "small").rows(papers(extensions.databaseKey(db.databaseName())));
            table.putAll(table.epoch(), java.util.stream.LongStream.range(10, 42).toArray(), new float[64]);
            assertEquals(32, table.size(), "32 rows of two floats fill the table");
            table.putAll(table.epoch(), new long[] {1, 2}, new float[4]);
            assertEquals(2, table.size(), "past that it starts empty again, with the new rows only");

            long node = db.executeTransactionally("CREATE (p:Paper {features: [1.0, 2.0, 3.0]}) RETURN id(p) AS id",
                Map.of(), result -> (Long) result.next().get("id"));
            LiveScoring mine = new LiveScoring(1L << 20, 1L << 20);
            LiveDatabaseExtension.Watch watch = new LiveDatabaseExtension.Watch(mine, db,
                () -> db.getDependencyResolver().resolveDependency(DatabaseManagementService.class));
            watch.start();
            String key = mine.databaseKey(db.databaseName());
            NodeRows rows = mine.load(catalog, "small").rows(papers(key));
            rows.putAll(rows.epoch(), new long[] {node}, new float[] {1, 2});
            setFeatures(db, node);
            assertEquals(0, rows.size(), "a watched database's change reaches the row");

            rows.putAll(rows.epoch(), new long[] {node}, new float[] {1, 2});
            watch.stop();
            assertEquals(0, rows.size(), "stopping frees the database's rows");
            assertEquals(6L * Float.BYTES, mine.bytes(), "the model's six parameters stay, and no table of rows");
            assertThrows(IllegalStateException.class, () -> mine.databaseKey(db.databaseName()));
            NodeRows after = mine.load(catalog, "small").rows(papers(key));
            after.putAll(after.epoch(), new long[] {node}, new float[] {1, 2});
            setFeatures(db, node);
            assertEquals(1, after.size(), "no listener is left to tell the change");
            assertTrue(extensions.modelCount() > 0);
        }
        assertEquals(0, extensions.modelCount(), "the DBMS's stop frees the models");
        assertEquals(0, extensions.bytes());
    }

    private static void setFeatures(GraphDatabaseAPI db, long node) {
        db.executeTransactionally("MATCH (p) WHERE id(p) = $id SET p.features = [3.0, 2.0, 1.0]", Map.of("id", node));
    }
}
