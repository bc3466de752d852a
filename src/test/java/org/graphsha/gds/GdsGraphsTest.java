package org.graphsha.gds;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        assertFalse(graph.features().isDense(), "bag-of-words rows stay sparse");

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

    /**
     * Full rows are read without a column index; a zero met later adds one for the rows before it, and the result
     * is the dense form again when at least half the entries are non-zero.
     */
    @Test
    void keepsMostlyNonZeroFeaturesInTheDenseForm() {
        rows("UNWIND range(0, 9) AS i CREATE (:Emb {i: i, full: [toFloat(i + 1), 2.0], "
            + "late: [toFloat(i + 1), CASE WHEN i = 5 THEN 0.0 ELSE 2.0 END], "
            + "sparse: CASE WHEN i = 0 THEN [1.0, 1.0, 1.0, 1.0] ELSE [0.0, 0.0, 0.0, toFloat(i)] END})");
        rows("MATCH (e:Emb) WITH e ORDER BY e.i WITH collect(e) AS es "
            + "UNWIND range(0, size(es) - 2) AS k WITH es[k] AS a, es[k + 1] AS b CREATE (a)-[:LINK]->(b)");
        rows("CALL gds.graph.project('emb', 'Emb', 'LINK', {nodeProperties: ['i', 'full', 'late', 'sparse']})");
        Long[] order = GRAPHS.longProperty("emb", "i",
            GRAPHS.read("emb", List.of(), List.of(), List.of("full")).neo4jIds());

        ProjectedGraph full = GRAPHS.read("emb", List.of(), List.of(), List.of("full"));
        assertTrue(full.features().isDense());
        assertEquals(20, full.features().nonZeros());
        ProjectedGraph late = GRAPHS.read("emb", List.of(), List.of(), List.of("late"));
        assertTrue(late.features().isDense(), "19 of 20 entries are non-zero");
        ProjectedGraph sparse = GRAPHS.read("emb", List.of(), List.of(), List.of("sparse"));
        assertFalse(sparse.features().isDense(), "13 of 40 entries are non-zero");
        assertEquals(13, sparse.features().nonZeros());
        for (int p = 0; p < 10; p++) {
            int i = order[p].intValue();
            assertArrayEquals(new float[] {i + 1, 2}, full.features().denseRow(p));
            assertArrayEquals(new float[] {i + 1, i == 5 ? 0 : 2}, late.features().denseRow(p));
            assertArrayEquals(i == 0 ? new float[] {1, 1, 1, 1} : new float[] {0, 0, 0, i},
                sparse.features().denseRow(p), "row of node " + i);
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
