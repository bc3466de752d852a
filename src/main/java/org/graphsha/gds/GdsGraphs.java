package org.graphsha.gds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.graphsha.graph.EdgeList;
import org.graphsha.graph.ProjectionSchema;
import org.neo4j.gds.NodeLabel;
import org.neo4j.gds.RelationshipType;
import org.neo4j.gds.api.Graph;
import org.neo4j.gds.api.GraphStore;
import org.neo4j.gds.api.nodeproperties.ValueType;
import org.neo4j.gds.api.properties.nodes.NodePropertyValues;
import org.neo4j.gds.core.loading.GraphStoreCatalog;
import org.neo4j.gds.core.loading.GraphStoreCatalogEntry;

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
     * The labels and relationship types a call keeps, with the configuration keys that chose them and
     * what to add to an error about them.
     *
     * @param labels    labels to keep, or empty for all
     * @param types     types to keep, or empty for all
     * @param labelHint appended to an error about a label ("" for none)
     * @param typeHint  appended to an error about a type ("" for none)
     */
    public record Selection(List<String> labels, String labelKey, String labelHint, List<String> types, String typeKey,
                            String typeHint) {

        public static Selection of(List<String> labels, List<String> types) {
            return new Selection(labels, "nodeLabels", "", types, "relationshipTypes", "");
        }
    }

    /**
     * @param nodeLabels        labels to keep, or empty for all
     * @param relationshipTypes types to keep, or empty for all
     */
    public ProjectedGraph read(String graphName, List<String> nodeLabels, List<String> relationshipTypes,
                               List<String> featureProperties) {
        return read(graphName, Selection.of(nodeLabels, relationshipTypes), featureProperties);
    }

    public ProjectedGraph read(String graphName, Selection selection, List<String> featureProperties) {
        return projection(graphName).read(selection, featureProperties);
    }

    private static ProjectedGraph read(GraphStore store, String graphName, Selection selection,
                                       List<String> featureProperties) {
        Collection<NodeLabel> labels = labels(store, graphName, selection);
        Collection<RelationshipType> types = types(store, graphName, selection);
        Graph graph = store.getGraph(labels, types, Optional.empty());
        int n = Math.toIntExact(graph.nodeCount());
        long[] neo4jIds = sortedNeo4jIds(graph, n);
        int[] order = mappedIds(graph, neo4jIds);
        FeatureColumns.Read features = FeatureColumns.read(graphName, store, graph, labels, featureProperties, order);
        return new ProjectedGraph(graphName, neo4jIds, undirectedEdges(graph, order), features.features(),
            new ProjectedGraph.Schema(labels.stream().map(NodeLabel::name).sorted().toList(),
                types.stream().map(RelationshipType::name).sorted().toList(), features.widths()));
    }

    /** The Neo4j ids of the selected nodes, in the order {@link #read} gives them, without reading anything else. */
    public long[] neo4jIds(String graphName, Selection selection) {
        return projection(graphName).neo4jIds(selection);
    }

    private static long[] neo4jIds(GraphStore store, String graphName, Selection selection) {
        Graph graph = graph(store, graphName, selection);
        return sortedNeo4jIds(graph, Math.toIntExact(graph.nodeCount()));
    }

    /**
     * The selected nodes in Neo4j id order, the order every read gives them. GDS loads a large graph in parallel, so
     * its own node order can differ between two projections of the same nodes; training's seeded draws follow the
     * node order, and so the same seed gives the same model on every projection of the same graph.
     */
    private static long[] sortedNeo4jIds(Graph graph, int n) {
        long[] neo4jIds = new long[n];
        for (int i = 0; i < n; i++) {
            neo4jIds[i] = graph.toOriginalNodeId(i);
        }
        Arrays.sort(neo4jIds);
        return neo4jIds;
    }

    /** GDS's node ids of {@code neo4jIds}, position by position. */
    private static int[] mappedIds(Graph graph, long[] neo4jIds) {
        int[] mapped = new int[neo4jIds.length];
        for (int p = 0; p < mapped.length; p++) {
            mapped[p] = Math.toIntExact(graph.toMappedNodeId(neo4jIds[p]));
        }
        return mapped;
    }

    /** Sizes of a projection, without copying it: node count, directed relationship count, feature width. */
    public record Dimensions(long nodeCount, long relationshipCount, int featureDimension) {}

    public Dimensions dimensions(String graphName, List<String> nodeLabels, List<String> relationshipTypes,
                                 List<String> featureProperties) {
        return dimensions(graphName, Selection.of(nodeLabels, relationshipTypes), featureProperties);
    }

    public Dimensions dimensions(String graphName, Selection selection, List<String> featureProperties) {
        return projection(graphName).dimensions(selection, featureProperties);
    }

    private static Dimensions dimensions(GraphStore store, String graphName, Selection selection,
                                         List<String> featureProperties) {
        Collection<NodeLabel> labels = labels(store, graphName, selection);
        Graph graph = store.getGraph(labels, types(store, graphName, selection), Optional.empty());
        // The structure marker column (FeatureColumns).
        int width = FeatureColumns.structureLabels(store, labels, featureProperties).isEmpty() ? 0 : 1;
        for (String property : featureProperties) {
            if (!store.hasNodeProperty(property)) {
                throw new IllegalArgumentException("Invalid value '" + property + "' for configuration key "
                    + "`featureProperties`: graph `" + graphName + "` has no such node property");
            }
            NodePropertyValues values = graph.nodeProperties(property);
            ValueType type = store.nodeProperty(property).valueType();
            if (type == ValueType.LONG || type == ValueType.DOUBLE) {
                width += 1;
                continue;
            }
            // The first node that has the array (structure nodes have none) gives its width.
            Object first = null;
            for (long node = 0; node < graph.nodeCount() && first == null; node++) {
                first = values.getObject(node);
            }
            width += first != null && first.getClass().isArray() ? java.lang.reflect.Array.getLength(first) : 1;
        }
        return new Dimensions(graph.nodeCount(), graph.relationshipCount(), width);
    }

    /** An integer node property of the projection, e.g. a numeric class; null where a node has no value. */
    public Long[] longProperty(String graphName, String property, long[] neo4jIds) {
        return projection(graphName).longProperty(property, neo4jIds);
    }

    private static Long[] longProperty(GraphStore store, String graphName, String property, long[] neo4jIds) {
        if (!store.hasNodeProperty(property)) {
            return null;
        }
        if (store.nodeProperty(property).valueType() != ValueType.LONG) {
            throw new IllegalArgumentException("targetProperty `" + property + "` must hold integers, booleans or strings, but graph `"
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

    /**
     * Refuses properties that the selected labels of the projection already have, as GDS's mutate does.
     *
     * @param properties configuration key -> property name
     */
    public void requireNewProperties(String graphName, Selection selection, Map<String, String> properties) {
        GraphStore store = store(graphName);
        Collection<NodeLabel> labels = labels(store, graphName, selection);
        for (Map.Entry<String, String> property : properties.entrySet()) {
            if (store.hasNodeProperty(labels, property.getValue())) {
                throw new IllegalArgumentException("Invalid value '" + property.getValue() + "' for configuration key `"
                    + property.getKey() + "`: node property `" + property.getValue() + "` already exists in the "
                    + "in-memory graph `" + graphName + "`; choose another name or remove it with "
                    + "gds.graph.nodeProperties.drop");
            }
        }
    }

    /**
     * A mutate's output: the predicted class (numeric), optionally the confidence and the class
     * probabilities, per node of {@code neo4jIds}.
     *
     * @param confidence    null to skip
     * @param probabilities null to skip
     */
    public record PredictedProperties(String classProperty, long[] classes, String confidenceProperty, double[] confidence,
                                      String probabilityProperty, double[][] probabilities, int classCount) {}

    /**
     * Adds node properties to the projection for the selected labels, as GDS's mutate mode does
     * ({@code GraphStore.addNodeProperty}); nodes outside the selection get no value.
     *
     * @return properties written: nodes times properties
     */
    public long addNodeProperties(String graphName, Selection selection, long[] neo4jIds, PredictedProperties output) {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("mutateProperty", output.classProperty());
        if (output.confidence() != null) {
            names.put("confidenceProperty", output.confidenceProperty());
        }
        if (output.probabilities() != null) {
            names.put("predictedProbabilityProperty", output.probabilityProperty());
        }
        requireNewProperties(graphName, selection, names);
        GraphStore store = store(graphName);
        Set<NodeLabel> labels = new HashSet<>(labels(store, graphName, selection));
        int size = Math.toIntExact(store.nodeCount());
        BitSet present = new BitSet(size);
        long[] classes = new long[size];
        double[] confidence = output.confidence() == null ? null : new double[size];
        double[][] probabilities = output.probabilities() == null ? null : new double[size][];
        for (int i = 0; i < neo4jIds.length; i++) {
            int node = Math.toIntExact(store.nodes().toMappedNodeId(neo4jIds[i]));
            present.set(node);
            classes[node] = output.classes()[i];
            if (confidence != null) {
                confidence[node] = output.confidence()[i];
            }
            if (probabilities != null) {
                probabilities[node] = output.probabilities()[i];
            }
        }
        store.addNodeProperty(labels, output.classProperty(), ArrayPropertyValues.longs(classes, present));
        if (confidence != null) {
            store.addNodeProperty(labels, output.confidenceProperty(), ArrayPropertyValues.doubles(confidence, present));
        }
        if (probabilities != null) {
            store.addNodeProperty(labels, output.probabilityProperty(),
                ArrayPropertyValues.doubleArrays(probabilities, output.classCount()));
        }
        return (long) names.size() * neo4jIds.length;
    }

    private GraphStore store(String graphName) {
        return entry(graphName).graphStore();
    }

    private GraphStoreCatalogEntry entry(String graphName) {
        if (!exists(graphName)) {
            throw new IllegalArgumentException("Graph with name `" + graphName + "` does not exist on database `"
                + databaseName + "`; project it first with gds.graph.project");
        }
        return GraphStoreCatalog.get(username, databaseName, graphName);
    }

    /**
     * The named projection, looked up in the catalog once for a call that sizes, reads and describes it, so that
     * every step sees the same graph.
     */
    public Projection projection(String graphName) {
        return new Projection(graphName, entry(graphName));
    }

    /** One projection as the catalog held it when looked up; see the methods of the same names above. */
    public static final class Projection {
        private final String graphName;
        private final GraphStoreCatalogEntry entry;

        private Projection(String graphName, GraphStoreCatalogEntry entry) {
            this.graphName = graphName;
            this.entry = entry;
        }

        public String graphName() {
            return graphName;
        }

        public ProjectedGraph read(Selection selection, List<String> featureProperties) {
            return GdsGraphs.read(entry.graphStore(), graphName, selection, featureProperties);
        }

        public long[] neo4jIds(Selection selection) {
            return GdsGraphs.neo4jIds(entry.graphStore(), graphName, selection);
        }

        public Dimensions dimensions(Selection selection, List<String> featureProperties) {
            return GdsGraphs.dimensions(entry.graphStore(), graphName, selection, featureProperties);
        }

        /**
         * Whether each of the selected nodes {@code neo4jIds} has one of {@code labels} ({@code targetNodeLabels}: an
         * unknown label is an error).
         */
        public boolean[] hasAnyLabel(List<String> labels, long[] neo4jIds) {
            GraphStore store = entry.graphStore();
            Collection<NodeLabel> wanted = GdsGraphs.pick(labels, store.nodeLabels(), NodeLabel::of, NodeLabel::name,
                "targetNodeLabels", graphName, "labels", "");
            boolean[] has = new boolean[neo4jIds.length];
            for (int i = 0; i < neo4jIds.length; i++) {
                long node = store.nodes().toMappedNodeId(neo4jIds[i]);
                for (NodeLabel label : wanted) {
                    has[i] |= store.nodes().hasLabel(node, label);
                }
            }
            return has;
        }

        public Long[] longProperty(String property, long[] neo4jIds) {
            return GdsGraphs.longProperty(entry.graphStore(), graphName, property, neo4jIds);
        }

        /** The database view of the projection ({@link ProjectionSchemas}). */
        public ProjectionSchema schema(List<String> nodeLabels, List<String> relationshipTypes) {
            return ProjectionSchemas.of(entry, nodeLabels, relationshipTypes);
        }
    }

    private static Graph graph(GraphStore store, String graphName, Selection selection) {
        return store.getGraph(labels(store, graphName, selection), types(store, graphName, selection), Optional.empty());
    }

    private static Collection<NodeLabel> labels(GraphStore store, String graphName, Selection selection) {
        return pick(selection.labels(), store.nodeLabels(), NodeLabel::of, NodeLabel::name, selection.labelKey(),
            graphName, "labels", selection.labelHint());
    }

    private static Collection<RelationshipType> types(GraphStore store, String graphName, Selection selection) {
        return pick(selection.types(), store.relationshipTypes(), RelationshipType::of, RelationshipType::name,
            selection.typeKey(), graphName, "types", selection.typeHint());
    }

    /** The named elements of the projection (all of them for an empty list); an unknown name is an error. */
    private static <T> Collection<T> pick(List<String> names, Set<T> available,
                                          java.util.function.Function<String, T> of, java.util.function.Function<T, String> name,
                                          String key, String graphName, String what, String hint) {
        if (names.isEmpty()) {
            return available;
        }
        List<T> picked = new ArrayList<>();
        for (String wanted : names) {
            T element = of.apply(wanted);
            if (!available.contains(element)) {
                throw new IllegalArgumentException("Invalid value '" + wanted + "' for configuration key `" + key + "`: "
                    + "graph `" + graphName + "` has the " + what + " " + available.stream().map(name).sorted().toList()
                    + hint);
            }
            picked.add(element);
        }
        return picked;
    }

    /**
     * Either orientation of the projection becomes one undirected edge per connected pair, between the positions of
     * {@code order} (GDS's node ids, position by position).
     */
    private static EdgeList undirectedEdges(Graph graph, int[] order) {
        int n = order.length;
        int[] position = new int[n];
        for (int p = 0; p < n; p++) {
            position[order[p]] = p;
        }
        return EdgeList.undirected(n, pair -> {
            for (int p = 0; p < n; p++) {
                int source = p;
                graph.forEachRelationship(order[p], (s, t) -> {
                    pair.accept(source, position[(int) t]);
                    return true;
                });
            }
        });
    }
}
