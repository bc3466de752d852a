package org.graphsha.gds;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.graphsha.graph.FloatArrayBuilder;
import org.graphsha.graph.IntArrayBuilder;
import org.graphsha.graph.SparseFeatures;
import org.neo4j.gds.api.Graph;
import org.neo4j.gds.api.GraphStore;
import org.neo4j.gds.api.nodeproperties.ValueType;
import org.neo4j.gds.api.properties.nodes.NodePropertyValues;

/**
 * Concatenates projected scalar and array properties into one feature row per node, kept sparse
 * (zeros dropped) because bag-of-words rows are mostly zeros. Rejects missing or differently sized
 * arrays and non-finite values, naming the node and the property.
 */
final class FeatureColumns {

    private record Column(String property, ValueType type, NodePropertyValues values, int width) {}

    /** The feature rows and the width of each property in them. */
    record Read(SparseFeatures features, List<Integer> widths) {}

    private FeatureColumns() {}

    static Read read(String graphName, GraphStore store, Graph graph, List<String> properties, int n) {
        List<Column> columns = new ArrayList<>();
        for (String property : properties) {
            if (!store.hasNodeProperty(property)) {
                throw new IllegalArgumentException("Invalid value '" + property + "' for configuration key "
                    + "`featureProperties`: graph `" + graphName + "` has the node properties "
                    + new TreeSet<>(store.nodePropertyKeys()) + "; project the property with nodeProperties");
            }
            ValueType type = store.nodeProperty(property).valueType();
            NodePropertyValues values = graph.nodeProperties(property);
            columns.add(new Column(property, type, values, width(graphName, graph, property, type, values, n)));
        }
        int dimension = columns.stream().mapToInt(Column::width).sum();
        int[] offsets = new int[n + 1];
        IntArrayBuilder indices = new IntArrayBuilder();
        FloatArrayBuilder nonZeros = new FloatArrayBuilder();
        double[] row = new double[dimension];
        for (int node = 0; node < n; node++) {
            int base = 0;
            for (Column column : columns) {
                copy(column, node, row, base);
                for (int k = base; k < base + column.width(); k++) {
                    if (!Double.isFinite(row[k])) {
                        throw new IllegalArgumentException("Feature property `" + column.property() + "` of graph `"
                            + graphName + "` holds " + row[k] + " on node " + graph.toOriginalNodeId(node)
                            + "; features must be finite numbers");
                    }
                }
                base += column.width();
            }
            for (int k = 0; k < dimension; k++) {
                if (row[k] != 0) {
                    indices.add(k);
                    nonZeros.add((float) row[k]);
                }
            }
            offsets[node + 1] = indices.size();
        }
        return new Read(new SparseFeatures(n, dimension, offsets, indices.toArray(), nonZeros.toArray()),
            columns.stream().map(Column::width).toList());
    }

    private static int width(String graphName, Graph graph, String property, ValueType type, NodePropertyValues values, int n) {
        if (type == ValueType.LONG || type == ValueType.DOUBLE) {
            return 1;
        }
        if (type != ValueType.DOUBLE_ARRAY && type != ValueType.FLOAT_ARRAY && type != ValueType.LONG_ARRAY) {
            throw new IllegalArgumentException("Feature property `" + property + "` of graph `" + graphName
                + "` has type " + type.cypherName() + "; features must be numbers or numeric arrays");
        }
        int width = -1;
        for (int node = 0; node < n; node++) {
            int length = length(type, values, node);
            if (length < 0) {
                throw new IllegalArgumentException("Feature property `" + property + "` of graph `" + graphName
                    + "` is missing on node " + graph.toOriginalNodeId(node) + "; every node needs it");
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
