package org.graphsha.spark;

import java.util.Arrays;
import java.util.Iterator;
import java.util.function.Supplier;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.IntArrayBuilder;
import org.graphsha.graph.SparseFeatures;

/**
 * The graph as the driver's training reads it, streamed a partition at a time ({@code toLocalIterator}) straight
 * into primitive arrays in Neo4j id order: the features in the dense form (4 bytes per value, no column index),
 * the relationships as int pairs. No list of every row is held, so the driver's peak is the arrays themselves
 * rather than Spark's row objects and their boxed lists (about 20 bytes per feature value).
 *
 * @param ids     every node's id, ascending: position i is node i of the training graph
 * @param targets column 2 of each node row (class value or null), in id order
 * @param splits  column 3 of each node row, in id order, or null when no split property is read
 */
record DriverRows(long[] ids, SparseFeatures features, Object[] targets, Object[] splits, EdgeList edges) {

    /**
     * @param nodes         rows of (id, feature list, target[, split]), cached: it is streamed twice
     * @param relationships rows of (source id, target id)
     */
    static DriverRows collect(Dataset<Row> nodes, Dataset<Row> relationships, String featureProperty,
                              boolean withSplit) {
        return of(nodes::toLocalIterator, relationships.toLocalIterator(), featureProperty, withSplit);
    }

    /**
     * @param nodes         each call a fresh pass over the node rows, in any order
     * @param relationships the relationship rows, in any order
     */
    static DriverRows of(Supplier<Iterator<Row>> nodes, Iterator<Row> relationships, String featureProperty,
                         boolean withSplit) {
        long[] ids = sortedIds(nodes.get());
        int n = ids.length;
        Object[] targets = new Object[n];
        Object[] splits = withSplit ? new Object[n] : null;
        float[] values = null;
        int dimension = -1;
        long firstId = -1;
        Iterator<Row> rows = nodes.get();
        while (rows.hasNext()) {
            Row r = rows.next();
            long id = r.getLong(0);
            int i = Arrays.binarySearch(ids, id);
            if (r.isNullAt(1)) {
                throw new IllegalArgumentException("node with id " + id + " has no `" + featureProperty
                    + "`; every node needs its features");
            }
            double[] x = RowTransform.doubles(r, 1);
            if (values == null) {
                dimension = x.length;
                firstId = id;
                values = new float[Math.multiplyExact(n, dimension)];
            } else if (x.length != dimension) {
                throw new IllegalArgumentException("node with id " + id + " has " + x.length + " values in `"
                    + featureProperty + "`, node " + firstId + " has " + dimension + "; every row needs the same width");
            }
            for (int j = 0; j < dimension; j++) {
                values[i * dimension + j] = (float) x[j];
            }
            targets[i] = r.isNullAt(2) ? null : r.get(2);
            if (withSplit) {
                splits[i] = r.isNullAt(3) ? null : r.get(3);
            }
        }
        SparseFeatures features = values == null ? SparseFeatures.dense(0, 0, new float[0])
            : SparseFeatures.dense(n, dimension, values);
        return new DriverRows(ids, features, targets, splits, edges(relationships, ids));
    }

    private static long[] sortedIds(Iterator<Row> rows) {
        long[] ids = new long[1024];
        int n = 0;
        while (rows.hasNext()) {
            if (n == ids.length) {
                ids = Arrays.copyOf(ids, n * 2);
            }
            ids[n++] = rows.next().getLong(0);
        }
        ids = Arrays.copyOf(ids, n);
        Arrays.sort(ids);
        for (int i = 1; i < n; i++) {
            if (ids[i] == ids[i - 1]) {
                throw new IllegalStateException("node id " + ids[i] + " was read twice; the node read must list each "
                    + "node once");
            }
        }
        return ids;
    }

    /**
     * One undirected edge per connected pair of read nodes, no self edge: what the plugin takes from an undirected
     * projection (either orientation of a relationship is the same edge).
     */
    private static EdgeList edges(Iterator<Row> rows, long[] ids) {
        IntArrayBuilder sources = new IntArrayBuilder();
        IntArrayBuilder targets = new IntArrayBuilder();
        while (rows.hasNext()) {
            Row r = rows.next();
            int s = Arrays.binarySearch(ids, r.getLong(0));
            int t = Arrays.binarySearch(ids, r.getLong(1));
            if (s >= 0 && t >= 0) {
                sources.add(s);
                targets.add(t);
            }
        }
        int[] from = sources.toArray();
        int[] to = targets.toArray();
        return EdgeList.undirected(ids.length, pair -> {
            for (int e = 0; e < from.length; e++) {
                pair.accept(from[e], to[e]);
            }
        });
    }
}
