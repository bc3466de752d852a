package org.graphsha.gds;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.graphsha.data.KnownDataset;
import org.graphsha.graph.Dataset;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class GdsGraphsTest {

    private static final GdsGraphs GRAPHS = new GdsGraphs("", "neo4j");

    @BeforeAll
    static void loadCora() {
        TestNeo4j.resetWithCoraLongTailed();
        rows("CALL gds.graph.project('undirected', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['features', 'class', 'id']})");
        rows("CALL gds.graph.project('natural', 'Paper', 'CITES', {nodeProperties: ['features']})");
    }

    @Test
    void copiesNodesEdgesAndFeaturesInDatasetShape() {
        ProjectedGraph graph = GRAPHS.read("undirected", List.of(), List.of(), List.of("features"));
        Dataset cora = KnownDataset.CORA.readBundled(true);
        assertEquals(2708, graph.nodeCount());
        assertEquals(5278, graph.edges().size());
        assertEquals(1433, graph.features().dimension());
        assertEquals(49216, graph.features().nonZeros());

        Long[] ids = GRAPHS.longProperty("undirected", "id", graph.neo4jIds());
        Long[] classes = GRAPHS.longProperty("undirected", "class", graph.neo4jIds());
        for (int i = 0; i < graph.nodeCount(); i += 97) {
            int datasetId = ids[i].intValue();
            assertEquals(cora.classes()[datasetId], classes[i].intValue());
            assertArrayEquals(cora.features().denseRow(datasetId), graph.features().denseRow(i));
        }
    }

    /** A Cypher projection maps nodes in the order its query yields them; the read gives them in Neo4j id order. */
    @Test
    void readsNodesInNeo4jIdOrderWhateverOrderGdsHoldsThemIn() {
        rows("UNWIND range(0, 19) AS i CREATE (:Chain {i: i, x: [toFloat(i), 1.0]})");
        rows("MATCH (a:Chain), (b:Chain) WHERE b.i = a.i + 1 CREATE (a)-[:NEXT]->(b)");
        rows("MATCH (a:Chain) WITH a ORDER BY id(a) DESC OPTIONAL MATCH (a)-[:NEXT]->(b:Chain) "
            + "WITH gds.graph.project('reversed', a, b, {sourceNodeProperties: a {.x}, "
            + "targetNodeProperties: CASE WHEN b IS NULL THEN null ELSE b {.x} END}, "
            + "{undirectedRelationshipTypes: ['*']}) AS g RETURN g.nodeCount");
        long[] gdsOrder = rows("CALL gds.graph.nodeProperty.stream('reversed', 'x') YIELD nodeId "
            + "RETURN collect(nodeId) AS ids").stream().map(r -> (List<?>) r.get("ids")).findFirst().orElseThrow()
            .stream().mapToLong(v -> (Long) v).toArray();
        assertTrue(gdsOrder[0] > gdsOrder[19], "GDS holds the nodes in reverse id order here: "
            + java.util.Arrays.toString(gdsOrder));

        ProjectedGraph graph = GRAPHS.read("reversed", List.of(), List.of(), List.of("x"));
        long[] ids = graph.neo4jIds();
        assertEquals(20, ids.length);
        for (int p = 0; p < 20; p++) {
            assertTrue(p == 0 || ids[p] > ids[p - 1], "ascending Neo4j ids");
            assertArrayEquals(new float[] {p, 1}, graph.features().denseRow(p), "row " + p);
        }
        assertArrayEquals(ids, GRAPHS.neo4jIds("reversed", GdsGraphs.Selection.of(List.of(), List.of())));
        assertEquals(19, graph.edges().size());
        for (int e = 0; e < 19; e++) {
            int a = graph.edges().sources()[e];
            int b = graph.edges().targets()[e];
            assertEquals(1, Math.abs(a - b), "the chain links neighbouring positions: " + a + " - " + b);
        }
    }

    @Test
    void naturalOrientationGivesTheSameUndirectedEdges() {
        assertEquals(5278, GRAPHS.read("natural", List.of(), List.of(), List.of()).edges().size());
    }

    @Test
    void concatenatesScalarAndArrayProperties() {
        ProjectedGraph graph = GRAPHS.read("undirected", List.of(), List.of(), List.of("features", "class"));
        assertEquals(1434, graph.features().dimension());
    }

    @Test
    void namesMissingGraphLabelAndProperty() {
        assertMessage(() -> GRAPHS.read("nope", List.of(), List.of(), List.of()), "Graph with name `nope` does not exist");
        assertMessage(() -> GRAPHS.read("undirected", List.of("Author"), List.of(), List.of()),
            "Invalid value 'Author' for configuration key `nodeLabels`", "[Paper]");
        assertMessage(() -> GRAPHS.read("undirected", List.of(), List.of("LINKS"), List.of()),
            "configuration key `relationshipTypes`", "[CITES]");
        assertMessage(() -> GRAPHS.read("undirected", List.of(), List.of(), List.of("embedding")),
            "Invalid value 'embedding' for configuration key `featureProperties`", "[class, features, id]");
    }

    @Test
    void rejectsRaggedAndNonFiniteFeatures() {
        rows("CREATE (:Odd {v: [1.0, 2.0], w: [1.0, 0.0]}), (:Odd {v: [1.0], w: [0.0/0.0, 1.0]})");
        rows("CALL gds.graph.project('odd', 'Odd', '*', {nodeProperties: ['v', 'w']})");
        assertMessage(() -> GRAPHS.read("odd", List.of(), List.of(), List.of("v")), "is ragged: arrays of length 2 and 1");
        assertMessage(() -> GRAPHS.read("odd", List.of(), List.of(), List.of("w")), "Feature property `w` of graph `odd` holds NaN on node");
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String... fragments) {
        var error = assertThrows(IllegalArgumentException.class, call);
        for (String fragment : fragments) {
            assertTrue(error.getMessage().contains(fragment), error.getMessage());
        }
    }
}
