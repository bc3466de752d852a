package org.graphsha.pipeline;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A model's metrics in the shape of GDS's node classification models ({@code modelInfo.metrics}): one entry per GDS
 * metric name ({@code ACCURACY}, {@code F1_MACRO}, {@code F1_WEIGHTED}, {@code F1(class=X)},
 * {@code PRECISION(class=X)}, {@code RECALL(class=X)}), each with {@code train} and {@code validation} as
 * {@code {avg, min, max}}, {@code outerTrain} and {@code test}. GDS averages {@code train} and {@code validation}
 * over its cross-validation folds; a graphsha model is trained once and selected on one validation set, so there
 * {@code avg}, {@code min} and {@code max} are the one score, and {@code train} and {@code outerTrain} are both the
 * score on the training nodes.
 *
 * <p>Read from the metrics the model stores (the maps {@link MetricMaps} writes), so models stored before this shape
 * existed get it too, with what they kept: without {@code train} scores (models stored before them) the entries lack
 * {@code train} and {@code outerTrain}, without test nodes {@code test}; a metric the stored maps cannot give (per
 * class precision, or the class counts {@code F1_WEIGHTED} needs, in the oldest files) is left out.
 */
public final class GdsMetrics {

    private GdsMetrics() {}

    /** The GDS-shaped map of a model's stored {@code metrics}. */
    public static Map<String, Object> of(Map<String, Object> stored) {
        Map<String, Double> train = scores(stored.get("train"));
        Map<String, Double> validation = scores(stored.get("validation"));
        Map<String, Double> test = scores(stored.get("test"));
        Map<String, Object> metrics = new LinkedHashMap<>();
        for (String name : validation.keySet()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            if (train.containsKey(name)) {
                entry.put("train", single(train.get(name)));
            }
            entry.put("validation", single(validation.get(name)));
            if (train.containsKey(name)) {
                entry.put("outerTrain", train.get(name));
            }
            if (test.containsKey(name)) {
                entry.put("test", test.get(name));
            }
            metrics.put(name, entry);
        }
        return metrics;
    }

    /** One split's scores by GDS metric name, in GDS's order; empty for a split the model did not keep. */
    @SuppressWarnings("unchecked")
    static Map<String, Double> scores(Object split) {
        Map<String, Double> scores = new LinkedHashMap<>();
        if (!(split instanceof Map<?, ?> map)) {
            return scores;
        }
        put(scores, "ACCURACY", map.get("accuracy"));
        put(scores, "F1_MACRO", map.get("f1Macro"));
        List<Map<String, Object>> perClass = (List<Map<String, Object>>) map.get("perClass");
        Map<String, Object> confusion = (Map<String, Object>) map.get("confusionMatrix");
        if (perClass == null) {
            return scores;
        }
        if (confusion != null) {
            put(scores, "F1_WEIGHTED", f1Weighted(perClass, confusion));
        }
        for (Map<String, Object> row : perClass) {
            String value = String.valueOf(row.get("class"));
            put(scores, "F1(class=" + value + ")", row.get("f1"));
            put(scores, "PRECISION(class=" + value + ")", row.get("precision"));
            put(scores, "RECALL(class=" + value + ")", row.get("recall"));
        }
        return scores;
    }

    /**
     * Each class's F1 weighted by its share of the split's nodes (its confusion-matrix row), as GDS's
     * {@code F1_WEIGHTED}: a class absent from the split weighs nothing, whatever its (NaN) F1.
     */
    @SuppressWarnings("unchecked")
    static double f1Weighted(List<Map<String, Object>> perClass, Map<String, Object> confusion) {
        double weighted = 0;
        long total = 0;
        for (Map<String, Object> row : perClass) {
            Map<String, Object> counts = (Map<String, Object>) confusion.get(String.valueOf(row.get("class")));
            long support = 0;
            for (Object count : counts.values()) {
                support += ((Number) count).longValue();
            }
            if (support > 0) {
                weighted += support * score(row.get("f1"));
                total += support;
            }
        }
        return total == 0 ? Double.NaN : weighted / total;
    }

    private static void put(Map<String, Double> scores, String name, Object value) {
        Double score = score(value);
        if (score != null) {
            scores.put(name, score);
        }
    }

    /**
     * A stored score: a number, or NaN, which the model file's JSON reads back as the string {@code "NaN"}; null for
     * a score the model did not keep.
     */
    static Double score(Object value) {
        if (value instanceof Number number) {
            return number.doubleValue();
        }
        return "NaN".equals(value) ? Double.NaN : null;
    }

    /** GDS's fold statistics of a score measured once. */
    private static Map<String, Object> single(double score) {
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("avg", score);
        stats.put("min", score);
        stats.put("max", score);
        return stats;
    }
}
