package org.graphsha.procedures;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.graphsha.testing.AccountRing;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code modelInfo.metrics} in GDS's shape, from train and from model.list, against the model's own metrics and
 * against what predict.stream gives on the training nodes; and model.list's {@code trainConfig}.
 */
class GdsMetricsProcTest {

    /** 120 accounts, 18 of them fraud, on a ring with chords, with a split property. */
    @BeforeAll
    static void graph() {
        AccountRing.project("accounts");
    }

    /**
     * Under a threshold rule, so that the train scores are those of the model's decision and not of the argmax:
     * ACCURACY's outerTrain is the share of training nodes whose predict.stream class is their own.
     */
    @Test
    @SuppressWarnings("unchecked")
    void modelInfoMetricsHaveGdsNamesAndOurValues() {
        Map<String, Object> yield = rows("CALL graphsha.train('accounts', {modelName: 'gds-shaped', targetProperty: "
            + "'kind', splitProperty: 'part', featureProperties: ['vec'], epochs: 30, method: 'reweight', "
            + "randomSeed: 5, decisionRule: 'targetRecall', decisionTarget: 0.9}) "
            + "YIELD modelInfo, validationMetrics, testMetrics, configuration RETURN *").get(0);
        Map<String, Object> info = (Map<String, Object>) yield.get("modelInfo");
        Map<String, Object> metrics = (Map<String, Object>) info.get("metrics");
        Map<String, Object> validation = (Map<String, Object>) yield.get("validationMetrics");
        Map<String, Object> test = (Map<String, Object>) yield.get("testMetrics");

        // Cypher's maps keep no order: the names as a set.
        assertEquals(Set.of("ACCURACY", "F1_MACRO", "F1_WEIGHTED", "F1(class=fraud)", "PRECISION(class=fraud)",
            "RECALL(class=fraud)", "F1(class=normal)", "PRECISION(class=normal)", "RECALL(class=normal)"),
            metrics.keySet());
        Map<String, Object> accuracy = (Map<String, Object>) metrics.get("ACCURACY");
        assertEquals(Set.of("train", "validation", "outerTrain", "test"), accuracy.keySet());
        assertEquals(test.get("accuracy"), accuracy.get("test"));
        double validationAccuracy = (Double) validation.get("accuracy");
        assertEquals(Map.of("avg", validationAccuracy, "min", validationAccuracy, "max", validationAccuracy),
            accuracy.get("validation"), "one validation set: avg, min and max are its score");
        assertEquals(test.get("f1Macro"), ((Map<String, Object>) metrics.get("F1_MACRO")).get("test"));
        Map<String, Object> fraud = ((List<Map<String, Object>>) test.get("perClass")).get(0);
        assertEquals("fraud", fraud.get("class"));
        assertEquals(fraud.get("f1"), ((Map<String, Object>) metrics.get("F1(class=fraud)")).get("test"));
        assertEquals(fraud.get("precision"), ((Map<String, Object>) metrics.get("PRECISION(class=fraud)")).get("test"));
        assertEquals(fraud.get("recall"), ((Map<String, Object>) metrics.get("RECALL(class=fraud)")).get("test"));

        // F1_WEIGHTED from the test confusion matrix: each class's F1 by its number of test nodes.
        Map<String, Map<String, Long>> confusion = (Map<String, Map<String, Long>>) test.get("confusionMatrix");
        double weighted = 0;
        long total = 0;
        for (Map<String, Object> row : (List<Map<String, Object>>) test.get("perClass")) {
            long support = confusion.get((String) row.get("class")).values().stream().mapToLong(Long::longValue).sum();
            weighted += support * (Double) row.get("f1");
            total += support;
        }
        assertEquals(24L, total, "every fifth account is a test node");
        assertEquals(weighted / total, (Double) ((Map<String, Object>) metrics.get("F1_WEIGHTED")).get("test"), 1e-12);

        double trainAccuracy = ((Number) single("CALL graphsha.predict.stream('accounts', {modelName: 'gds-shaped'}) "
            + "YIELD nodeId, predictedClass WITH gds.util.asNode(nodeId) AS a, predictedClass WHERE a.part = 'train' "
            + "RETURN avg(CASE WHEN predictedClass = a.kind THEN 1.0 ELSE 0.0 END)")).doubleValue();
        assertEquals(trainAccuracy, (Double) accuracy.get("outerTrain"), 1e-12);
        assertEquals(Map.of("avg", trainAccuracy, "min", trainAccuracy, "max", trainAccuracy), accuracy.get("train"));

        Map<String, Object> listed = rows("CALL graphsha.model.list('gds-shaped') YIELD modelInfo, trainConfig, "
            + "metrics RETURN *").get(0);
        assertEquals(metrics, ((Map<String, Object>) listed.get("modelInfo")).get("metrics"));
        assertEquals(yield.get("configuration"), listed.get("trainConfig"));
        Map<String, Object> trainConfig = (Map<String, Object>) listed.get("trainConfig");
        assertEquals("kind", trainConfig.get("targetProperty"));
        assertEquals(0.9, trainConfig.get("decisionTarget"));
        assertEquals(trainAccuracy,
            (Double) ((Map<String, Object>) ((Map<String, Object>) listed.get("metrics")).get("train")).get("accuracy"),
            1e-12, "the model keeps its train scores in its own shape too");
    }

    /** Without a split property and testFraction 0 the model has no test nodes: no entry has {@code test}. */
    @Test
    @SuppressWarnings("unchecked")
    void withoutTestNodesNoEntryHasATestScore() {
        Map<String, Object> metrics = (Map<String, Object>) single("CALL graphsha.train('accounts', {modelName: "
            + "'untested', targetProperty: 'kind', featureProperties: ['vec'], epochs: 10, testFraction: 0.0}) "
            + "YIELD modelInfo RETURN modelInfo.metrics");
        assertEquals(9, metrics.size(), metrics.keySet().toString());
        for (Object entry : metrics.values()) {
            assertEquals(Set.of("train", "validation", "outerTrain"), ((Map<String, Object>) entry).keySet());
        }
    }
}
