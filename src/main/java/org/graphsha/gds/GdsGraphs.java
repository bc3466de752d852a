package org.graphsha.gds;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.graphsha.graph.EdgeList;
import org.neo4j.gds.NodeLabel;
import org.neo4j.gds.RelationshipType;
import org.neo4j.gds.api.Graph;
import org.neo4j.gds.api.GraphStore;
import org.neo4j.gds.api.nodeproperties.ValueType;
import org.neo4j.gds.api.properties.nodes.NodePropertyValues;
import org.neo4j.gds.core.loading.GraphStoreCatalog;

/**
 * The only class that touches GDS internals: it looks a named graph up in GDS's catalog (pinned to
 * GDS 2.13.9) and copies what training needs into plain arrays. Every problem with the graph or its
 * properties is reported here, before any heavy work starts.
 */
public final class GdsGraphs {

    private final String username;
    private final String databaseName;

    public GdsGraphs(String username, String databaseName) {
        this.username = username;
        this.databaseName = databaseName;
    }

    public boolean exists(String graphName) {
        return GraphStoreCatalog.exists(username, databaseName, graphName);
    }

    /**
     * @param nodeLabels        labels to keep, or empty for all
     * @param relationshipTypes types to keep, or empty for all
     */
    public ProjectedGraph read(String graphName, List<String> nodeLabels, List<String> relationshipTypes,
                               List<String> featureProperties) {
        GraphStore store = store(graphName);
        Collection<NodeLabel> labels = labels(store, graphName, nodeLabels);
        Collection<RelationshipType> types = types(store, graphName, relationshipTypes);
        Graph graph = store.getGraph(labels, types, Optional.empty());
        int n = Math.toIntExact(graph.nodeCount());
        long[] neo4jIds = new long[n];
        for (int i = 0; i < n; i++) {
            neo4jIds[i] = graph.toOriginalNodeId(i);
        }
        FeatureColumns.Read features = FeatureColumns.read(graphName, store, graph, featureProperties, n);
        return new ProjectedGraph(graphName, neo4jIds, undirectedEdges(graph, n), features.features(),
            new ProjectedGraph.Schema(labels.stream().map(NodeLabel::name).sorted().toList(),
                types.stream().map(RelationshipType::name).sorted().toList(), features.widths()));
    }

    /** Sizes of a projection, without copying it: node count, directed relationship count, feature width. */
    public record Dimensions(long nodeCount, long relationshipCount, int featureDimension) {}

    public Dimensions dimensions(String graphName, List<String> nodeLabels, List<String> relationshipTypes,
                                 List<String> featureProperties) {
        GraphStore store = store(graphName);
        Graph graph = store.getGraph(labels(store, graphName, nodeLabels), types(store, graphName, relationshipTypes),
            Optional.empty());
        int width = 0;
        for (String property : featureProperties) {
            if (!store.hasNodeProperty(property)) {
                throw new IllegalArgumentException("Invalid value '" + property + "' for configuration key "
                    + "`featureProperties`: graph `" + graphName + "` has no such node property");
            }
            NodePropertyValues values = graph.nodeProperties(property);
            Object first = graph.nodeCount() == 0 ? null : values.getObject(0);
            width += first != null && first.getClass().isArray() ? java.lang.reflect.Array.getLength(first) : 1;
        }
        return new Dimensions(graph.nodeCount(), graph.relationshipCount(), width);
    }

    /** An integer node property of the projection, e.g. a numeric class; null where a node has no value. */
    public Long[] longProperty(String graphName, String property, long[] neo4jIds) {
        GraphStore store = store(graphName);
        if (!store.hasNodeProperty(property)) {
            return null;
        }
        if (store.nodeProperty(property).valueType() != ValueType.LONG) {
            throw new IllegalArgumentException("targetProperty `" + property + "` must hold integers or strings, but graph `"
                + graphName + "` projects it as " + store.nodeProperty(property).valueType().cypherName());
        }
        NodePropertyValues values = store.nodeProperty(property).values();
        Long[] result = new Long[neo4jIds.length];
        for (int i = 0; i < neo4jIds.length; i++) {
            long mapped = store.nodes().toMappedNodeId(neo4jIds[i]);
            result[i] = values.hasValue(mapped) ? values.longValue(mapped) : null;
        }
        return result;
    }

    private GraphStore store(String graphName) {
        if (!exists(graphName)) {
            throw new IllegalArgumentException("Graph with name `" + graphName + "` does not exist on database `"
                + databaseName + "`; project it first with gds.graph.project");
        }
        return GraphStoreCatalog.get(username, databaseName, graphName).graphStore();
    }

    private static Collection<NodeLabel> labels(GraphStore store, String graphName, List<String> names) {
        return pick(names, store.nodeLabels(), NodeLabel::of, NodeLabel::name, "nodeLabels", graphName, "labels");
    }

    private static Collection<RelationshipType> types(GraphStore store, String graphName, List<String> names) {
        return pick(names, store.relationshipTypes(), RelationshipType::of, RelationshipType::name, "relationshipTypes",
            graphName, "types");
    }

    /** The named elements of the projection (all of them for an empty list); an unknown name is an error. */
    private static <T> Collection<T> pick(List<String> names, Set<T> available,
                                          java.util.function.Function<String, T> of, java.util.function.Function<T, String> name,
                                          String key, String graphName, String what) {
        if (names.isEmpty()) {
            return available;
        }
        List<T> picked = new ArrayList<>();
        for (String wanted : names) {
            T element = of.apply(wanted);
            if (!available.contains(element)) {
                throw new IllegalArgumentException("Invalid value '" + wanted + "' for configuration key `" + key + "`: "
                    + "graph `" + graphName + "` has the " + what + " " + available.stream().map(name).sorted().toList());
            }
            picked.add(element);
        }
        return picked;
    }

    /** Either orientation of the projection becomes one undirected edge per connected pair. */
    private static EdgeList undirectedEdges(Graph graph, int n) {
        Set<Long> seen = new HashSet<>();
        List<int[]> pairs = new ArrayList<>();
        for (int source = 0; source < n; source++) {
            graph.forEachRelationship(source, (s, t) -> {
                int a = (int) Math.min(s, t);
                int b = (int) Math.max(s, t);
                if (a != b && seen.add(((long) a << 32) | b)) {
                    pairs.add(new int[] {a, b});
                }
                return true;
            });
        }
        return new EdgeList(pairs.stream().mapToInt(p -> p[0]).toArray(), pairs.stream().mapToInt(p -> p[1]).toArray());
    }
}
