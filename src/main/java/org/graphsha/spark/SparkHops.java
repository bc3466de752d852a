package org.graphsha.spark;

import java.util.ArrayList;
import java.util.List;

import org.apache.spark.api.java.JavaPairRDD;
import org.graphsha.nn.GcnNormalization;

import scala.Tuple2;

/**
 * H_k = Â^k X of the sign backbone (docs/algorithm.md §10.10) as Spark joins: per hop, the edge table (receiver,
 * sender, weight) is joined with the previous hop's rows on the sender, scaled, and summed per receiver together with
 * the receiver's own row over d̂. Â is that of nn.HopOperator: self-loops, d̂ = distinct neighbours + 1, a repeated or
 * self edge ignored, weight 1/d̂_i (mean) or 1/√(d̂_i d̂_j) (symmetric), in float as the plugin computes it.
 */
final class SparkHops {

    private SparkHops() {}

    /**
     * @param h0    the transformed feature row of every node, by Neo4j id
     * @param edges the graph's relationships as (source id, target id), read as undirected
     * @return H_0..H_K, each by Neo4j id
     */
    static List<JavaPairRDD<Long, float[]>> compute(JavaPairRDD<Long, float[]> h0, JavaPairRDD<Long, Long> edges,
                                                     int hops, GcnNormalization norm, int partitions) {
        // Both directions, distinct, no self edge: the undirected neighbourhoods the projection de-duplicates.
        JavaPairRDD<Long, Long> neighbours = edges.flatMapToPair(e -> List.of(e, e.swap()).iterator())
            .filter(e -> !e._1().equals(e._2())).distinct(partitions);
        JavaPairRDD<Long, Integer> degrees = h0.mapValues(x -> 1)
            .union(neighbours.mapToPair(e -> new Tuple2<>(e._1(), 1)))
            .reduceByKey(Integer::sum, partitions).cache();
        // (sender, (receiver, weight)): the weight needs both ends' degrees.
        JavaPairRDD<Long, Tuple2<Long, Float>> weighted = neighbours
            .join(degrees)
            .mapToPair(t -> new Tuple2<>(t._2()._1(), new Tuple2<>(t._1(), t._2()._2())))
            .join(degrees)
            .mapToPair(t -> {
                long sender = t._1();
                long receiver = t._2()._1()._1();
                int receiverDegree = t._2()._1()._2();
                int senderDegree = t._2()._2();
                return new Tuple2<>(sender, new Tuple2<>(receiver, weight(norm, receiverDegree, senderDegree)));
            }).cache();
        List<JavaPairRDD<Long, float[]>> out = new ArrayList<>();
        JavaPairRDD<Long, float[]> h = h0.cache();
        out.add(h);
        for (int k = 1; k <= hops; k++) {
            JavaPairRDD<Long, float[]> previous = h;
            JavaPairRDD<Long, float[]> messages = weighted.join(previous)
                .mapToPair(t -> new Tuple2<>(t._2()._1()._1(), scaled(t._2()._2(), t._2()._1()._2())));
            JavaPairRDD<Long, float[]> self = previous.join(degrees)
                .mapValues(t -> scaled(t._1(), 1f / t._2()));
            h = self.union(messages).reduceByKey(SparkHops::sum, partitions).cache();
            out.add(h);
        }
        return out;
    }

    /** nn.GcnNormalization's weight of an edge j→i, from d̂_i and d̂_j. */
    static float weight(GcnNormalization norm, int targetDegree, int sourceDegree) {
        return norm == GcnNormalization.MEAN
            ? (float) (1.0 / targetDegree)
            : (float) (1.0 / Math.sqrt((double) targetDegree * sourceDegree));
    }

    private static float[] scaled(float[] row, float w) {
        float[] out = new float[row.length];
        for (int i = 0; i < row.length; i++) {
            out[i] = w * row[i];
        }
        return out;
    }

    private static float[] sum(float[] a, float[] b) {
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + b[i];
        }
        return out;
    }
}
