package org.graphsha.gds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.graphsha.graph.FloatArrayBuilder;
import org.graphsha.graph.IntArrayBuilder;
import org.graphsha.graph.SparseFeatures;
import org.neo4j.gds.NodeLabel;
import org.neo4j.gds.api.Graph;
import org.neo4j.gds.api.GraphStore;
import org.neo4j.gds.api.nodeproperties.ValueType;
import org.neo4j.gds.api.properties.nodes.NodePropertyValues;

/**
 * Concatenates projected scalar and array properties into one feature row per node, kept sparse
 * (zeros dropped) because bag-of-words rows are mostly zeros, or in the dense form when at least half the entries
 * are non-zero ({@link SparseFeatures#compact}). Rejects missing or differently sized
 * arrays and non-finite values, naming the node and the property.
 *
 * <p>Nodes whose projected labels carry none of the feature properties (merchants beside accounts) are
 * structure: they keep their edges, get zeros for every feature and a 1 in one extra last column, the
 * marker, so that the model can tell "no features" from "features that are zero". The marker column
 * exists only when the selected labels include such a label, so graphs without them read as before.
 */
final class FeatureColumns {

    private record Column(String property, ValueType type, NodePropertyValues values, int width) {}

    /** The feature rows and the width of each property in them. */
    record Read(SparseFeatures features, List<Integer> widths) {}

    /** The selected labels that carry none of the feature properties: their nodes are structure only. */
    static Set<NodeLabel> structureLabels(GraphStore store, Collection<NodeLabel> labels, List<String> properties) {
        Set<NodeLabel> structure = new HashSet<>();
        for (NodeLabel label : labels) {
            if (properties.stream().noneMatch(store.nodePropertyKeys(label)::contains)) {
                structure.add(label);
            }
        }
        // Without any feature-carrying label there is nothing to mark against: the usual errors apply.
        return structure.size() == labels.size() ? Set.of() : structure;
    }

    private FeatureColumns() {}

    static Read read(String graphName, GraphStore store, Graph graph, Collection<NodeLabel> labels,
                     List<String> properties, int[] order) {
        int n = order.length;
        Set<NodeLabel> structureLabels = structureLabels(store, labels, properties);
        BitSet structure = structureNodes(graph, labels, structureLabels, n);
        List<Column> columns = new ArrayList<>();
        for (String property : properties) {
            if (!store.hasNodeProperty(property)) {
                throw new IllegalArgumentException("Invalid value '" + property + "' for configuration key "
                    + "`featureProperties`: graph `" + graphName + "` has the node properties "
                    + new TreeSet<>(store.nodePropertyKeys()) + "; project the property with nodeProperties");
            }
            ValueType type = store.nodeProperty(property).valueType();
            NodePropertyValues values = graph.nodeProperties(property);
            columns.add(new Column(property, type, values,
                width(graphName, graph, property, type, values, n, structure)));
        }
        int marker = structureLabels.isEmpty() ? -1 : columns.stream().mapToInt(Column::width).sum();
        int dimension = columns.stream().mapToInt(Column::width).sum() + (marker < 0 ? 0 : 1);
        int[] offsets = new int[n + 1];
        // No column index while every row read so far is full (embeddings, scalar columns): the dense form needs none.
        IntArrayBuilder indices = null;
        FloatArrayBuilder nonZeros = new FloatArrayBuilder();
        double[] row = new double[dimension];
        for (int p = 0; p < n; p++) {
            int node = order[p];
            Arrays.fill(row, 0);
            if (structure.get(node)) {
                row[marker] = 1;
            }
            int base = 0;
            for (Column column : columns) {
                if (structure.get(node)) {
                    base += column.width();
                    continue;
                }
                if (isMissingScalar(column, node)) {
                    throw missing(column.property(), graphName, graph.toOriginalNodeId(node));
                }
                copy(column, node, row, base);
                for (int k = base; k < base + column.width(); k++) {
                    if (!Double.isFinite(row[k])) {
                        throw new IllegalArgumentException("Feature property `" + column.property() + "` of graph `"
                            + graphName + "` holds " + row[k] + " on node " + graph.toOriginalNodeId(node)
                            + "; features must be finite numbers" + (Double.isNaN(row[k])
                                ? " (GDS projects a value a node lacks as NaN: project the property with a "
                                    + "defaultValue, e.g. nodeProperties: {" + column.property()
                                    + ": {defaultValue: 0.0}})"
                                : ""));
                    }
                }
                base += column.width();
            }
            if (indices == null && !full(row)) {
                indices = new IntArrayBuilder();
                for (int k = 0; k < nonZeros.size(); k++) {
                    indices.add(k % dimension);
                }
            } else if (p == 0 && (long) n * dimension < Integer.MAX_VALUE) {
                // A first full row suggests dense features: one allocation of their final size, no doublings.
                nonZeros.reserve(n * dimension);
            }
            for (int k = 0; k < dimension; k++) {
                if (row[k] != 0) {
                    if (indices != null) {
                        indices.add(k);
                    }
                    nonZeros.add((float) row[k]);
                }
            }
            offsets[p + 1] = nonZeros.size();
        }
        SparseFeatures features = indices == null
            ? SparseFeatures.dense(n, dimension, nonZeros.toArray())
            : new SparseFeatures(n, dimension, offsets, indices.toArray(), nonZeros.toArray()).compact();
        return new Read(features, columns.stream().map(Column::width).toList());
    }

    private static boolean full(double[] row) {
        for (double v : row) {
            if (v == 0) {
                return false;
            }
        }
        return true;
    }

    private static BitSet structureNodes(Graph graph, Collection<NodeLabel> labels,
                                         Set<NodeLabel> structureLabels, int n) {
        BitSet structure = new BitSet(n);
        if (structureLabels.isEmpty()) {
            return structure;
        }
        for (int node = 0; node < n; node++) {
            boolean carries = false;
            for (NodeLabel label : labels) {
                if (!structureLabels.contains(label) && graph.hasLabel(node, label)) {
                    carries = true;
                    break;
                }
            }
            structure.set(node, !carries);
        }
        return structure;
    }

    /** GDS fills a scalar a node lacks with NaN (floats) or Long.MIN_VALUE (integers) unless told a defaultValue. */
    private static boolean isMissingScalar(Column column, int node) {
        return switch (column.type().name()) {
            case "LONG" -> !column.values().hasValue(node) || column.values().longValue(node) == Long.MIN_VALUE;
            case "DOUBLE" -> Double.isNaN(column.values().doubleValue(node));
            default -> false;
        };
    }

    static IllegalArgumentException missing(String property, String graphName, long neo4jId) {
        return new IllegalArgumentException("Feature property `" + property + "` of graph `" + graphName
            + "` is missing on node " + neo4jId + " (GDS projects a missing value as NaN); project it with a "
            + "defaultValue, e.g. nodeProperties: {" + property + ": {defaultValue: 0.0}}, or set it on every node. "
            + "Nodes of a label without any feature property stay as structure: project the properties only on "
            + "the labels that have them, e.g. {Account: {properties: ['" + property + "']}, Merchant: {}}");
    }

    private static int width(String graphName, Graph graph, String property, ValueType type, NodePropertyValues values,
                             int n, BitSet structure) {
        if (type == ValueType.LONG || type == ValueType.DOUBLE) {
            return 1;
        }
        if (type != ValueType.DOUBLE_ARRAY && type != ValueType.FLOAT_ARRAY && type != ValueType.LONG_ARRAY) {
            throw new IllegalArgumentException("Feature property `" + property + "` of graph `" + graphName
                + "` has type " + type.cypherName() + "; features must be numbers or numeric arrays");
        }
        int width = -1;
        for (int node = 0; node < n; node++) {
            if (structure.get(node)) {
                continue;
            }
            int length = length(type, values, node);
            if (length < 0) {
                throw missing(property, graphName, graph.toOriginalNodeId(node));
            }
            if (width >= 0 && length != width) {
                throw new IllegalArgumentException("Feature property `" + property + "` of graph `" + graphName
                    + "` is ragged: arrays of length " + width + " and " + length + " (node "
                    + graph.toOriginalNodeId(node) + "); every node needs an array of the same length");
            }
            width = length;
        }
        return Math.max(width, 0);
    }

    private static int length(ValueType type, NodePropertyValues values, int node) {
        Object array = switch (type.name()) {
            case "FLOAT_ARRAY" -> values.floatArrayValue(node);
            case "LONG_ARRAY" -> values.longArrayValue(node);
            default -> values.doubleArrayValue(node);
        };
        return array == null ? -1 : java.lang.reflect.Array.getLength(array);
    }

    private static void copy(Column column, int node, double[] row, int base) {
        switch (column.type().name()) {
            case "FLOAT_ARRAY" -> {
                float[] values = column.values().floatArrayValue(node);
                for (int k = 0; k < values.length; k++) {
                    row[base + k] = values[k];
                }
            }
            case "DOUBLE_ARRAY" -> System.arraycopy(column.values().doubleArrayValue(node), 0, row, base, column.width());
            case "LONG_ARRAY" -> {
                long[] values = column.values().longArrayValue(node);
                for (int k = 0; k < values.length; k++) {
                    row[base + k] = values[k];
                }
            }
            default -> row[base] = column.values().doubleValue(node);
        }
    }
}
