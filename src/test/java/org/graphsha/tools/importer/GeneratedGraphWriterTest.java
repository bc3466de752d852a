package org.graphsha.tools.importer;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graphsha.tools.generate.Flags;
import org.graphsha.tools.generate.GeneratedGraph;
import org.graphsha.tools.generate.GeneratorSettings;
import org.graphsha.tools.generate.GraphGenerator;
import org.graphsha.tools.generate.UserGraph;
import org.graphsha.tools.generate.UserGraphSettings;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The bulk write of a generated graph, and that projection and training take it as it is. */
class GeneratedGraphWriterTest {

    static GeneratedGraph graph;

    @BeforeAll
    static void write() {
        TestNeo4j.reset();
        graph = GraphGenerator.generate(
            new GeneratorSettings(600, 3000, 16, 5, 10, 0.7, 2.5, 0.5, 0.537, 0.176, 11), f -> { });
        // A batch smaller than the graph, so several transactions are involved.
        new GeneratedGraphWriter(TestNeo4j.db(), "Gen", "LINKS", 700).write(graph, f -> { });
    }

    @Test
    void writesTheGraphInTheDatasetShape() {
        assertEquals(600L, single("MATCH (n:Gen) RETURN count(n)"));
        assertEquals(3000L, single("MATCH (:Gen)-[r:LINKS]->(:Gen) RETURN count(r)"));
        Map<String, Object> node = rows("MATCH (n:Gen {id: 42}) RETURN n.class AS class, n.year AS year, "
            + "n.split AS split, n.publicSplit AS publicSplit, n.features AS features").get(0);
        assertEquals((long) graph.classes()[42], node.get("class"));
        assertEquals((long) graph.years()[42], node.get("year"));
        assertEquals(graph.split(42), node.get("split"));
        assertEquals(graph.split(42), node.get("publicSplit"));
        assertArrayEquals(graph.features().row(42, graph.classes()[42]), (float[]) node.get("features"));
        // Relationship endpoints are the generated ones, by the dataset id.
        long matching = (Long) single("MATCH (s:Gen)-[:LINKS]->(t:Gen) WHERE s.id > t.id RETURN count(*)");
        assertEquals(3000L, matching);
        assertEquals(List.of("test", "train", "val"),
            single("MATCH (n:Gen) WITH DISTINCT n.split AS s ORDER BY s RETURN collect(s)"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void projectionAndTrainingAcceptTheGraphUnchanged() {
        Map<String, Object> projected = rows("CALL gds.graph.project('gen', 'Gen', {LINKS: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['features', 'class']}) YIELD nodeCount, relationshipCount RETURN *").get(0);
        assertEquals(600L, projected.get("nodeCount"));
        assertEquals(6000L, projected.get("relationshipCount"));
        Map<String, Object> trained = rows("CALL graphsha.train('gen', {modelName: 'gen-sha', method: 'graphsha', "
            + "splitProperty: 'split', featureNormalization: 'none', diffusionMode: 'scalable', diffusionEpsilon: 1e-4, "
            + "hiddenSize: 32, epochs: 8, overwrite: true}) YIELD modelInfo, testMetrics, syntheticNodesPerEpoch "
            + "RETURN *").get(0);
        Map<String, Object> info = (Map<String, Object>) trained.get("modelInfo");
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), info.get("classes"));
        assertEquals(16L, info.get("featureDimension"));
        Map<String, Object> test = (Map<String, Object>) trained.get("testMetrics");
        assertEquals(5, ((List<?>) test.get("perClass")).size());
        assertTrue((Double) trained.get("syntheticNodesPerEpoch") > 0, "minority classes get synthetic nodes");
        long written = (Long) single("CALL graphsha.predict.write('gen', {modelName: 'gen-sha', writeProperty: 'p'}) "
            + "YIELD nodePropertiesWritten RETURN nodePropertiesWritten");
        assertEquals(600L, written);
    }

    @Test
    void aFailedWriteLeavesNoNodeBehind() {
        // The nodes are written first; the relationships then fail on a type name Neo4j rejects, and
        // the nodes already committed in earlier batches are deleted again.
        GeneratedGraphWriter broken = new GeneratedGraphWriter(TestNeo4j.db(), "Broken", "", 100);
        assertThrows(RuntimeException.class, () -> broken.write(graph, f -> { }));
        assertEquals(0L, single("MATCH (n:Broken) RETURN count(n)"));
    }

    @Test
    void aFailedWriteOfTheUserShapeLeavesNoNodeBehindEither() {
        UserGraph user = UserGraph.generate(UserGraphSettings.parse(new Flags(List.of("--user-nodes", "300",
            "--user-class-ratio", "5", "--user-rarest-labels", "4"))));
        GeneratedGraphWriter broken = new GeneratedGraphWriter(TestNeo4j.db(), "BrokenAccount", "", 100);
        assertThrows(RuntimeException.class, () -> broken.write(GraphRecords.user(user), f -> { }));
        assertEquals(0L, single("MATCH (n:BrokenAccount) RETURN count(n)"));
    }
}
