package org.graphsha.gds;

import org.graphsha.graph.EdgeList;
import org.graphsha.graph.SparseFeatures;

/**
 * What the learning side needs from a GDS projection, in plain arrays: node position i is GDS's
 * mapped id i and Neo4j node {@code neo4jIds[i]}; edges are undirected and de-duplicated; features
 * are the requested properties concatenated per node.
 */
public record ProjectedGraph(String graphName, long[] neo4jIds, EdgeList edges, SparseFeatures features) {

    public int nodeCount() {
        return neo4jIds.length;
    }
}
