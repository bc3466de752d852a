package org.graphsha.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.graphsha.graph.EdgeList;
import org.junit.jupiter.api.Test;

import scala.jdk.javaapi.CollectionConverters;

/** The driver's copy of the graph from rows as the connector gives them: any order, lists as Scala sequences. */
class DriverRowsTest {

    @Test
    void placesEveryRowAtItsNodesPositionInIdOrder() {
        List<Row> nodes = List.of(node(30, List.of(3.0, 0.5), 1L, "train"), node(10, List.of(1.0, 0.0), null, null),
            node(20, List.of(2.0, 0.25), 0L, "val"));
        List<Row> relationships = List.of(RowFactory.create(10L, 20L), RowFactory.create(20L, 10L),
            RowFactory.create(30L, 20L), RowFactory.create(30L, 99L), RowFactory.create(10L, 10L));
        DriverRows graph = DriverRows.of(nodes::iterator, relationships.iterator(), "x", true);

        assertArrayEquals(new long[] {10, 20, 30}, graph.ids());
        assertTrue(graph.features().isDense());
        assertArrayEquals(new float[] {1, 0, 2, 0.25f, 3, 0.5f}, graph.features().values());
        assertArrayEquals(new Object[] {null, 0L, 1L}, graph.targets());
        assertArrayEquals(new Object[] {null, "val", "train"}, graph.splits());
        assertEquals(List.of("0-1", "1-2"), pairs(graph.edges()),
            "one edge per connected pair, no self edge, none to a node that was not read");
    }

    @Test
    void withoutASplitPropertyKeepsNoSplits() {
        DriverRows graph = DriverRows.of(List.of(node(1, List.of(1.0), 0L))::iterator,
            List.<Row>of().iterator(), "x", false);
        assertNull(graph.splits());
        assertEquals(0, graph.edges().size());
    }

    @Test
    void namesTheNodeOfABadRow() {
        var missing = assertThrows(IllegalArgumentException.class, () -> DriverRows.of(
            List.of(node(1, List.of(1.0), 0L), RowFactory.create(2L, null, 0L))::iterator, List.<Row>of().iterator(),
            "embedding", false));
        assertEquals("node with id 2 has no `embedding`; every node needs its features", missing.getMessage());
        var ragged = assertThrows(IllegalArgumentException.class, () -> DriverRows.of(
            List.of(node(1, List.of(1.0, 2.0), 0L), node(2, List.of(1.0), 0L))::iterator, List.<Row>of().iterator(),
            "embedding", false));
        assertTrue(ragged.getMessage().contains("has 1 values in `embedding`, node 1 has 2; every row needs the same "
            + "width"), ragged.getMessage());
        var twice = assertThrows(IllegalStateException.class, () -> DriverRows.of(
            List.of(node(1, List.of(1.0), 0L), node(1, List.of(1.0), 0L))::iterator, List.<Row>of().iterator(),
            "embedding", false));
        assertTrue(twice.getMessage().startsWith("node id 1 was read twice"), twice.getMessage());
    }

    private static Row node(long id, List<Double> features, Object... labelAndSplit) {
        Object[] values = new Object[2 + labelAndSplit.length];
        values[0] = id;
        values[1] = CollectionConverters.asScala(features).toSeq();
        System.arraycopy(labelAndSplit, 0, values, 2, labelAndSplit.length);
        return RowFactory.create(values);
    }

    private static List<String> pairs(EdgeList edges) {
        List<String> out = new ArrayList<>();
        for (int e = 0; e < edges.size(); e++) {
            int a = Math.min(edges.sources()[e], edges.targets()[e]);
            int b = Math.max(edges.sources()[e], edges.targets()[e]);
            out.add(a + "-" + b);
        }
        out.sort(null);
        return out;
    }
}
