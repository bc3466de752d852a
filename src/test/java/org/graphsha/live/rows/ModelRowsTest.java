package org.graphsha.live.rows;

import static org.graphsha.catalog.TestModels.model;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.nn.GcnNormalization;
import org.junit.jupiter.api.Test;

/** The rows live scoring keeps per model and graph: bounded, and forgotten where a committed change reaches. */
public class ModelRowsTest {

    private static final long TABLE_BYTES = 128L << 20;

    /** The graph of the test model's projection in one database. */
    public static RowGraph papers(String database) {
        return new RowGraph(database, List.of("Paper"), List.of("CITES"));
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

    static GraphChanges changes(Map<String, long[]> properties, Map<String, long[]> labels,
                                        Map<String, long[]> relationships, long... deleted) {
        return new GraphChanges(properties, labels, relationships, deleted,
            id -> NEIGHBOURS.getOrDefault(id, new long[0]));
    }

    public static void fill(NodeRows rows) {
        float[] data = new float[6 * rows.width()];
        rows.putAll(rows.epoch(), new long[] {1, 2, 3, 4, 5, 6}, data);
    }

    public static List<Long> kept(NodeRows rows) {
        return java.util.stream.LongStream.rangeClosed(1, 6).filter(rows::contains).boxed().toList();
    }

    @Test
    void forgetsWhatAChangeReaches() {
        ModelRows loaded = new ModelRows(model("changes", 1), TABLE_BYTES);
        NodeRows rows = loaded.rows(papers("db-x"));
        NodeRows hidden = loaded.hidden(papers("db-x"));
        fill(rows);
        fill(hidden);
        NodeRows other = loaded.rows(papers("db-y"));
        fill(other);
        assertTrue(loaded.hasRows("db-x"));

        loaded.forgetNodes("db-x", changes(Map.of("predicted", new long[] {1}), Map.of(), Map.of()));
        loaded.forgetNodes("db-x", changes(Map.of(), Map.of("Reviewed", new long[] {4}),
            Map.of("KNOWS", new long[] {5, 6})));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(rows), "another property, label and type than the model's");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(hidden));

        loaded.forgetNodes("db-x", changes(Map.of("features", new long[] {2}), Map.of(), Map.of()));
        assertEquals(List.of(1L, 3L, 4L, 5L, 6L), kept(rows), "X·W of the changed node");
        assertEquals(List.of(4L, 5L, 6L), kept(hidden), "layer 1 of the node and its neighbours");

        loaded.forgetNodes("db-x", changes(Map.of(), Map.of(), Map.of("CITES", new long[] {5, 6})));
        assertEquals(List.of(1L, 3L, 4L, 5L, 6L), kept(rows), "a relationship changes no X·W");
        assertEquals(List.of(4L), kept(hidden), "layer 1 of both ends");

        loaded.forgetNodes("db-x", changes(Map.of(), Map.of("Paper", new long[] {4}), Map.of()));
        assertEquals(List.of(1L, 3L, 5L, 6L), kept(rows), "a row vouches for its node's labels");
        assertEquals(List.of(), kept(hidden));

        loaded.forgetNodes("db-x", changes(Map.of(), Map.of(), Map.of(), 1L));
        assertEquals(List.of(3L, 5L, 6L), kept(rows), "a deleted node");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(other), "another database's nodes");
    }

    @Test
    void symmetricGcnForgetsTheNeighboursOfARelationshipsEnds() {
        TrainedModel m = model("symmetric", 1);
        ModelRows loaded = new ModelRows(new TrainedModel(m.name(), m.trainingGraph(),
            m.spec().withGcnNormalization(GcnNormalization.SYMMETRIC),
            m.method(), m.classValues(), m.featureProperties(), m.featureDimension(), m.bestEpoch(), m.configuration(),
            m.metrics(), m.createdAt(), m.parameters(), m.logitOffsets(), m.projection()), TABLE_BYTES);
        NodeRows hidden = loaded.hidden(papers("db-z"));
        fill(hidden);
        loaded.forgetNodes("db-z", changes(Map.of(), Map.of(), Map.of("CITES", new long[] {2, 5})));
        assertEquals(List.of(4L), kept(hidden), "the ends' degrees weigh their neighbours' layer 1");
        fill(hidden);
        loaded.forgetNodes("db-z", changes(Map.of(), Map.of("Paper", new long[] {6}), Map.of()));
        assertEquals(List.of(), kept(hidden), "a membership change reaches two hops of degrees: all go");
    }

    @Test
    void rowsOfOneGraphAreNotThoseOfAnotherAndFollowItsOwnLabelsAndTypes() {
        ModelRows loaded = new ModelRows(model("graphs", 1), TABLE_BYTES);
        // A model stored without its projection is read with each call's labels and types.
        RowGraph knows = new RowGraph("db-k", List.of(), List.of("KNOWS"));
        NodeRows cites = loaded.hidden(papers("db-k"));
        fill(cites);
        assertEquals(List.of(), kept(loaded.hidden(knows)), "the KNOWS graph starts empty");
        fill(loaded.hidden(knows));
        loaded.forgetNodes("db-k", changes(Map.of(), Map.of(), Map.of("KNOWS", new long[] {5, 6})));
        assertEquals(List.of(1L, 2L, 3L, 4L), kept(loaded.hidden(knows)), "a KNOWS relationship reaches the KNOWS graph");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), kept(cites), "and not the CITES graph");
        NodeRows anyLabel = loaded.rows(knows);
        fill(anyLabel);
        loaded.forgetNodes("db-k", changes(Map.of(), Map.of("Reviewed", new long[] {4}), Map.of()));
        assertEquals(List.of(1L, 2L, 3L, 5L, 6L), kept(anyLabel), "every label counts where the graph names none");
    }

    @Test
    void countsItsBytesAndFreesThemWhenCleared() {
        ModelRows loaded = new ModelRows(model("bytes", 1), TABLE_BYTES);
        assertEquals(0, loaded.bytes());
        fill(loaded.rows(papers("db-b")));
        long filled = loaded.bytes();
        assertTrue(filled >= 6 * 2 * Float.BYTES, "six rows of two floats, and their table: " + filled);
        loaded.clear("db-other");
        assertEquals(filled, loaded.bytes(), "another database's rows");
        loaded.clear("db-b");
        assertEquals(0, loaded.bytes(), "cleared, tables and all");
        assertFalse(loaded.hasRows("db-b"));
    }
}
