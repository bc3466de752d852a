package org.graphsha.gds;

import java.util.List;

import org.graphsha.graph.EdgeList;
import org.graphsha.graph.SparseFeatures;

/**
 * What the learning side needs from a GDS projection, in plain arrays: node position i is GDS's
 * mapped id i and Neo4j node {@code neo4jIds[i]}; edges are undirected and de-duplicated; features
 * are the requested properties concatenated per node, {@code schema} says what was read.
 */
public record ProjectedGraph(String graphName, long[] neo4jIds, EdgeList edges, SparseFeatures features, Schema schema) {

    /**
     * @param nodeLabels        the labels read (after the nodeLabels filter), sorted
     * @param relationshipTypes the relationship types read (after the relationshipTypes filter), sorted
     * @param featureWidths     the width of each feature property, in the requested order
     */
    public record Schema(List<String> nodeLabels, List<String> relationshipTypes, List<Integer> featureWidths) {}

    public int nodeCount() {
        return neo4jIds.length;
    }
}
