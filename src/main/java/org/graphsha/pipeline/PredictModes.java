package org.graphsha.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.config.PredictConfig;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.pipeline.PredictPipeline.Call;
import org.graphsha.pipeline.PredictPipeline.Outcome;
import org.graphsha.pipeline.PredictPipeline.Predictions;
import org.graphsha.store.write.BatchedWrite;
import org.graphsha.writeback.PredictionWriter;
import org.neo4j.graphdb.Transaction;

/**
 * The four {@code graphsha.predict} modes as GDS has them: stream (rows), write (Neo4j properties, in
 * batches of their own transactions or atomically in the caller's), mutate (properties of the in-memory projection) and stats (a summary).
 */
public final class PredictModes {

    private PredictModes() {}

    public static Predictions stream(Call call) {
        return PredictPipeline.run(call, null, false, (p, progress, check) -> null).predictions();
    }

    /** @return properties written */
    public static Outcome<Long> write(Call call, BatchedWrite writer) {
        PredictConfig config = call.config();
        return PredictPipeline.run(call, "write", true, (p, progress, check) ->
            PredictionWriter.write(writer, WriteModes.of(config.write()), p.neo4jIds(), p.classValues(), p.probabilities(),
                p.confidences(), config.property().orElseThrow(), config.confidenceProperty().orElse(null),
                config.predictedProbabilityProperty().orElse(null), nodes -> {
                    check.run();
                    progress.progress(nodes);
                }));
    }

    /**
     * The class is numeric in the projection: the class value for integer classes, else its index in
     * the model's class list ({@code modelInfo.classes}).
     *
     * @return properties written
     */
    public static Outcome<Long> mutate(Call call) {
        PredictConfig config = call.config();
        return PredictPipeline.run(call, "mutate", false, (p, progress, check) -> {
            long[] classes = new long[p.nodeCount()];
            double[] confidence = config.confidenceProperty().isPresent() ? new double[p.nodeCount()] : null;
            for (int i = 0; i < classes.length; i++) {
                classes[i] = p.classValues()[i] instanceof Long value ? value : p.classIndices()[i];
                if (confidence != null) {
                    confidence[i] = p.confidence(i);
                }
            }
            GdsGraphs.PredictedProperties output = new GdsGraphs.PredictedProperties(config.property().orElseThrow(),
                classes, config.confidenceProperty().orElse(null), confidence,
                config.predictedProbabilityProperty().orElse(null),
                config.predictedProbabilityProperty().isPresent() ? p.probabilities() : null, call.model().classCount());
            long written = call.graphs().addNodeProperties(config.graphName(),
                PredictPipeline.selection(config, config.filters(call.model())), p.neo4jIds(), output);
            progress.progress(1);
            return written;
        });
    }

    /**
     * Per class (in the model's order) its predicted nodes and their mean confidence; the confidence distribution;
     * the metrics on the nodes whose class is known ({@link KnownLabelMetrics}), empty where none is.
     */
    public record Stats(List<Map<String, Object>> perClass, Map<String, Object> confidenceDistribution,
                        Map<String, Object> metrics) {}

    /** @param tx reads the known classes that the projection does not hold (string classes) */
    public static Outcome<Stats> stats(Call call, Transaction tx) {
        return PredictPipeline.run(call, "statistics", false, (p, progress, check) -> {
            Stats stats = stats(p, call.model().classValues(), KnownLabelMetrics.of(call, tx, p));
            progress.progress(1);
            return stats;
        });
    }

    static Stats stats(Predictions p, List<Object> classValues, Map<String, Object> metrics) {
        long[] counts = new long[classValues.size()];
        double[] confidenceSums = new double[classValues.size()];
        double[] confidences = new double[p.nodeCount()];
        for (int i = 0; i < confidences.length; i++) {
            confidences[i] = p.confidence(i);
            counts[p.classIndices()[i]]++;
            confidenceSums[p.classIndices()[i]] += confidences[i];
        }
        List<Map<String, Object>> perClass = new ArrayList<>();
        for (int c = 0; c < counts.length; c++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("class", classValues.get(c));
            row.put("nodes", counts[c]);
            row.put("meanConfidence", counts[c] == 0 ? null : confidenceSums[c] / counts[c]);
            perClass.add(row);
        }
        return new Stats(perClass, distribution(confidences), metrics);
    }

    /** GDS's distribution map (min, mean, max and percentiles); percentiles are nearest-rank over the exact values. */
    static Map<String, Object> distribution(double[] values) {
        Map<String, Object> map = new LinkedHashMap<>();
        if (values.length == 0) {
            return map;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        map.put("min", sorted[0]);
        map.put("mean", Arrays.stream(sorted).sum() / sorted.length);
        map.put("max", sorted[sorted.length - 1]);
        String[] names = {"p50", "p75", "p90", "p95", "p99", "p999"};
        double[] quantiles = {0.5, 0.75, 0.9, 0.95, 0.99, 0.999};
        for (int k = 0; k < names.length; k++) {
            map.put(names[k], sorted[Math.max(0, (int) Math.ceil(quantiles[k] * sorted.length) - 1)]);
        }
        return map;
    }
}
