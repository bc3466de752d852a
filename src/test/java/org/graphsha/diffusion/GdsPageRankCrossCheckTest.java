package org.graphsha.diffusion;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.ProjectedGraph;
import org.graphsha.graph.Csr;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * With random-walk normalisation, one column of our PPR is exactly what GDS's personalised PageRank
 * computes for that source (damping = 1 - alpha): an independent check of the diffusion on a real
 * GDS projection of Cora.
 */
class GdsPageRankCrossCheckTest {

    /** Damping 0.85: after 150 iterations GDS's remaining error is below 0.85^150 ≈ 3e-11. */
    private static final double ALPHA = 0.15;
    private static ProjectedGraph cora;

    /** Cora-LT's projection holds every Cora paper and citation; the split only adds a property. */
    @BeforeAll
    static void project() {
        TestNeo4j.resetWithCoraLongTailed();
        cora = new GdsGraphs("", "neo4j").read("cora", List.of(), List.of(), List.of());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1701, 2600})
    void singleSourceColumnMatchesGdsPersonalizedPageRank(int position) {
        Csr graph = Csr.undirected(cora.nodeCount(), cora.edges(), v -> true);
        double[] ours = new PprPush(graph, Normalization.RANDOM_WALK, ALPHA, 1e-9).column(position);
        List<Map<String, Object>> gds = rows("MATCH (source) WHERE id(source) = $source "
                + "CALL gds.pageRank.stream('cora', {sourceNodes: [source], dampingFactor: $damping, "
                + "maxIterations: 150, tolerance: 1e-11, concurrency: 1}) YIELD nodeId, score RETURN nodeId, score",
            Map.of("source", cora.neo4jIds()[position], "damping", 1 - ALPHA));
        assertEquals(2708, cora.nodeCount());
        assertEquals(cora.nodeCount(), gds.size());
        Map<Long, Integer> positionOf = new HashMap<>();
        for (int i = 0; i < cora.nodeCount(); i++) {
            positionOf.put(cora.neo4jIds()[i], i);
        }
        double largest = 0;
        for (Map<String, Object> row : gds) {
            double expected = (Double) row.get("score");
            double actual = ours[positionOf.get((Long) row.get("nodeId"))];
            assertEquals(expected, actual, 1e-6, "node " + row.get("nodeId"));
            largest = Math.max(largest, expected);
        }
        assertTrue(largest >= ALPHA, "the source keeps at least alpha of the mass, but the largest score is " + largest);
    }
}
