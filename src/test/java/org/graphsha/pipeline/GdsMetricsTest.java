package org.graphsha.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** GDS's metric shape from stored metrics of every age. */
class GdsMetricsTest {

    /**
     * Three classes, class 2 absent from the split (NaN F1, as a model file reads it back; no weight): F1_WEIGHTED is
     * (3 × 0.5 + 1 × 1.0) / 4.
     */
    @Test
    void f1WeightedWeighsEachClassByItsNodesAndSkipsAbsentOnes() {
        List<Map<String, Object>> perClass = List.of(
            Map.of("class", 0L, "f1", 0.5, "precision", 0.5, "recall", 0.5),
            Map.of("class", 1L, "f1", 1.0, "precision", 1.0, "recall", 1.0),
            Map.of("class", 2L, "f1", "NaN", "precision", "NaN", "recall", "NaN"));
        Map<String, Object> confusion = Map.of(
            "0", Map.of("0", 2L, "1", 0L, "2", 1L),
            "1", Map.of("0", 0L, "1", 1L, "2", 0L),
            "2", Map.of("0", 0L, "1", 0L, "2", 0L));
        assertEquals(2.5 / 4, GdsMetrics.f1Weighted(perClass, confusion), 1e-15);
        assertEquals(Double.NaN, GdsMetrics.scores(Map.of("accuracy", 0.5, "perClass", perClass, "confusionMatrix",
            confusion)).get("RECALL(class=2)"), "a stored NaN stays NaN");
    }

    /**
     * A model stored before train scores, per-class precision and the confusion matrix: only the metrics its maps
     * give, each without {@code train} and {@code outerTrain}; the test score where it has one.
     */
    @Test
    void anOldModelGetsWhatItsStoredMapsGive() {
        Map<String, Object> stored = Map.of(
            "validation", Map.of("accuracy", 0.75, "f1Macro", 0.6,
                "perClass", List.of(Map.of("class", "a", "accuracy", 0.9, "f1", 0.8))),
            "test", Map.of("accuracy", 0.7, "f1Macro", 0.5,
                "perClass", List.of(Map.of("class", "a", "accuracy", 0.85, "f1", 0.7))));
        Map<String, Object> metrics = GdsMetrics.of(stored);
        assertEquals(List.of("ACCURACY", "F1_MACRO", "F1(class=a)"), List.copyOf(metrics.keySet()));
        assertEquals(Map.of("validation", Map.of("avg", 0.75, "min", 0.75, "max", 0.75), "test", 0.7),
            metrics.get("ACCURACY"));
        assertEquals(Map.of("validation", Map.of("avg", 0.8, "min", 0.8, "max", 0.8), "test", 0.7),
            metrics.get("F1(class=a)"));
    }

    @Test
    void trainScoresGiveTrainAndOuterTrain() {
        Map<String, Object> stored = Map.of(
            "validation", Map.of("accuracy", 0.75),
            "train", Map.of("accuracy", 0.9));
        assertEquals(Map.of("ACCURACY", Map.of("train", Map.of("avg", 0.9, "min", 0.9, "max", 0.9),
            "validation", Map.of("avg", 0.75, "min", 0.75, "max", 0.75), "outerTrain", 0.9)), GdsMetrics.of(stored));
    }
}
