package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The predict modes as GDS has them: mutate output that GDS's own procedures and a second train take
 * up, stats, the estimates, the model's label filter as default, the stream's probabilities, and bad input.
 */
class PredictModesTest {

    private static final String PROJECT = "CALL gds.graph.project($name, 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
        + "{nodeProperties: ['features', 'class']})";

    @BeforeAll
    static void coraWithModel() {
        TestNeo4j.resetWithCoraLongTailed();
        rows("CALL graphsha.train('cora', {modelName: 'm', splitProperty: 'split', method: 'vanilla', epochs: 20})");
    }

    @AfterEach
    void dropScratchGraphs() {
        rows("CALL gds.graph.list() YIELD graphName WHERE graphName <> 'cora' "
            + "CALL gds.graph.drop(graphName) YIELD nodeCount RETURN count(*)");
    }

    private static Map<Long, Long> streamedClasses(String graph, String model) {
        return rows("CALL graphsha.predict.stream($graph, {modelName: $model}) YIELD nodeId, predictedClass "
            + "RETURN nodeId, predictedClass", Map.of("graph", graph, "model", model)).stream()
            .collect(Collectors.toMap(r -> (Long) r.get("nodeId"), r -> (Long) r.get("predictedClass")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void mutateChainsIntoGdsAndIntoASecondTrain() {
        rows(PROJECT, Map.of("name", "coraMutate"));
        Map<String, Object> mutated = rows("CALL graphsha.predict.mutate('coraMutate', {modelName: 'm', "
            + "mutateProperty: 'predicted', confidenceProperty: 'confidence', predictedProbabilityProperty: 'probabilities'}) "
            + "YIELD preProcessingMillis, computeMillis, postProcessingMillis, mutateMillis, nodePropertiesWritten, "
            + "configuration RETURN *").get(0);
        assertEquals(3 * 2708L, mutated.get("nodePropertiesWritten"));
        Map<String, Object> configuration = (Map<String, Object>) mutated.get("configuration");
        assertEquals("predicted", configuration.get("mutateProperty"));
        assertEquals(List.of("*"), configuration.get("targetNodeLabels"));

        // the mutated class is the streamed one (integer classes keep their values)
        Map<Long, Long> streamed = streamedClasses("coraMutate", "m");
        Map<Long, Long> inGraph = rows("CALL gds.graph.nodeProperty.stream('coraMutate', 'predicted') "
            + "YIELD nodeId, propertyValue RETURN nodeId, propertyValue").stream()
            .collect(Collectors.toMap(r -> (Long) r.get("nodeId"), r -> (Long) r.get("propertyValue")));
        assertEquals(streamed, inGraph);

        // into another GDS algorithm: a subgraph of one predicted class
        Map<Long, Long> perClass = new HashMap<>();
        streamed.values().forEach(c -> perClass.merge(c, 1L, Long::sum));
        long someClass = perClass.keySet().iterator().next();
        assertEquals(perClass.get(someClass), single("CALL gds.graph.filter('coraOneClass', 'coraMutate', "
            + "'n.predicted = " + someClass + "', '*') YIELD nodeCount RETURN nodeCount"));

        // into the database with GDS's write
        try {
            rows("CALL gds.graph.nodeProperties.write('coraMutate', ['predicted', 'confidence'])");
            assertEquals(2708L, single("MATCH (p:Paper) WHERE p.predicted IN range(0, 6) AND p.confidence > 1.0 / 7 "
                + "AND p.confidence <= 1.0 RETURN count(p)"));
        } finally {
            rows("MATCH (p:Paper) REMOVE p.predicted, p.confidence");
        }

        // into a second train, as features
        Map<String, Object> info = (Map<String, Object>) single("CALL graphsha.train('coraMutate', {modelName: 'stacked', "
            + "splitProperty: 'split', method: 'vanilla', epochs: 5, featureProperties: ['features', 'confidence', "
            + "'probabilities']}) YIELD modelInfo RETURN modelInfo");
        assertEquals(1433L + 1 + 7, info.get("featureDimension"));
        rows("CALL graphsha.model.drop('stacked')");
    }

    @Test
    void mutateStoresTheClassIndexForStringClasses() {
        rows("MATCH (p:Paper) SET p.label = 'c' + toString(p.class)");
        try {
            rows("CALL graphsha.train('cora', {modelName: 'strings', targetProperty: 'label', splitProperty: 'split', "
                + "method: 'vanilla', epochs: 3})");
            rows(PROJECT, Map.of("name", "coraStrings"));
            rows("CALL graphsha.predict.mutate('coraStrings', {modelName: 'strings', mutateProperty: 'predicted'})");
            List<?> classes = (List<?>) single("CALL graphsha.model.list('strings') YIELD modelInfo RETURN modelInfo.classes");
            Map<Long, Object> streamed = rows("CALL graphsha.predict.stream('coraStrings', {modelName: 'strings'}) "
                + "YIELD nodeId, predictedClass RETURN *").stream()
                .collect(Collectors.toMap(r -> (Long) r.get("nodeId"), r -> r.get("predictedClass")));
            rows("CALL gds.graph.nodeProperty.stream('coraStrings', 'predicted') YIELD nodeId, propertyValue RETURN *")
                .forEach(r -> assertEquals(streamed.get((Long) r.get("nodeId")),
                    classes.get(((Long) r.get("propertyValue")).intValue())));
        } finally {
            rows("MATCH (p:Paper) REMOVE p.label");
            rows("CALL graphsha.model.drop('strings', false)");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void statsSummariseWithoutPerNodeOutput() {
        Map<String, Object> stats = rows("CALL graphsha.predict.stats('cora', {modelName: 'm'}) YIELD nodeCount, perClass, "
            + "confidenceDistribution, metrics, preProcessingMillis, computeMillis, postProcessingMillis, configuration "
            + "RETURN *").get(0);
        // Every Cora node has its class: all are scored, and seven classes have no ranking entries.
        Map<String, Object> metrics = (Map<String, Object>) stats.get("metrics");
        assertEquals(2708L, metrics.get("nodeCount"));
        long inMatrix = ((Map<String, Map<String, Long>>) metrics.get("confusionMatrix")).values().stream()
            .flatMap(row -> row.values().stream()).mapToLong(Long::longValue).sum();
        assertEquals(2708L, inMatrix);
        assertTrue(!metrics.containsKey("prAuc") && !metrics.containsKey("positiveClass"), metrics.toString());
        assertEquals(2708L, stats.get("nodeCount"));
        Map<Long, Long> expected = new HashMap<>();
        streamedClasses("cora", "m").values().forEach(c -> expected.merge(c, 1L, Long::sum));
        List<Map<String, Object>> perClass = (List<Map<String, Object>>) stats.get("perClass");
        assertEquals(7, perClass.size());
        for (Map<String, Object> row : perClass) {
            assertEquals(expected.getOrDefault((Long) row.get("class"), 0L), row.get("nodes"), row.toString());
        }
        Map<String, Object> distribution = (Map<String, Object>) stats.get("confidenceDistribution");
        assertEquals(java.util.Set.of("min", "mean", "max", "p50", "p75", "p90", "p95", "p99", "p999"),
            distribution.keySet());
        double min = (Double) distribution.get("min");
        double max = (Double) distribution.get("max");
        assertTrue(min >= 1.0 / 7 && min <= (Double) distribution.get("p50") && (Double) distribution.get("p999") <= max
            && max <= 1.0, distribution.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"stream", "write", "mutate", "stats"})
    void estimatesEveryMode(String mode) {
        String extra = switch (mode) {
            case "write" -> ", writeProperty: 'p'";
            case "mutate" -> ", mutateProperty: 'p'";
            default -> "";
        };
        Map<String, Object> estimate = rows("CALL graphsha.predict." + mode + ".estimate('cora', {modelName: 'm'" + extra
            + "}) YIELD requiredMemory, treeView, mapView, bytesMin, bytesMax, heapBytes, nativeBytesMin, nativeBytesMax, "
            + "nodeCount, relationshipCount, heapPercentage, heapPercentageMin, heapPercentageMax RETURN *").get(0);
        assertEquals(2708L, estimate.get("nodeCount"));
        assertEquals(single("CALL gds.graph.list('cora') YIELD relationshipCount RETURN relationshipCount"),
            estimate.get("relationshipCount"));
        long heap = (Long) estimate.get("heapBytes");
        assertTrue(heap > 2708L * 7 * 8, "probabilities alone take 2708 x 7 doubles, heap is " + heap);
        assertTrue((Long) estimate.get("bytesMin") <= (Long) estimate.get("bytesMax"));
        assertEquals(heap + (Long) estimate.get("nativeBytesMax"), estimate.get("bytesMax"));
        assertTrue(((String) estimate.get("treeView")).startsWith("Memory Estimation: "), (String) estimate.get("treeView"));
        if (!mode.equals("stream")) {
            long more = (Long) single("CALL graphsha.predict." + mode + ".estimate('cora', {modelName: 'm'" + extra
                + (mode.equals("stats") ? "" : ", predictedProbabilityProperty: 'q'") + "}) YIELD heapBytes RETURN heapBytes");
            assertTrue(mode.equals("stats") ? more == heap : more > heap, mode + ": " + more + " vs " + heap);
        }
    }

    @Test
    void predictsOnTheModelsLabelsByDefault() {
        rows("UNWIND range(1, 3) AS i CREATE (:Other {features: [k IN range(1, 1433) | 0.0]})");
        try {
            rows("CALL gds.graph.project('mixed', ['Paper', 'Other'], {CITES: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['features']})");
            rows("CALL graphsha.train('mixed', {modelName: 'papers', nodeLabels: ['Paper'], splitProperty: 'split', "
                + "method: 'vanilla', epochs: 3})");
            assertEquals(2708L, single("CALL graphsha.predict.stream('mixed', {modelName: 'papers'}) YIELD nodeId "
                + "RETURN count(*)"));
            assertEquals(2711L, single("CALL graphsha.predict.stream('mixed', {modelName: 'papers', "
                + "targetNodeLabels: ['*']}) YIELD nodeId RETURN count(*)"));
            assertEquals(3L, single("CALL graphsha.predict.stream('mixed', {modelName: 'papers', nodeLabels: 'Other'}) "
                + "YIELD nodeId RETURN count(*)"));
            assertEquals(List.of("Paper"), single("CALL graphsha.predict.mutate('mixed', {modelName: 'papers', "
                + "mutateProperty: 'predicted'}) YIELD configuration RETURN configuration.targetNodeLabels"));
            assertEquals(2708L, single("CALL gds.graph.nodeProperty.stream('mixed', 'predicted', ['Paper']) "
                + "YIELD nodeId RETURN count(*)"));
            rows("CALL gds.graph.project('others', 'Other', '*', {nodeProperties: 'features'})");
            assertFailsUnchanged("CALL graphsha.predict.stream('others', {modelName: 'papers'})",
                "Invalid value 'Paper' for configuration key `targetNodeLabels`",
                "what model `papers` was trained on");
        } finally {
            rows("MATCH (o:Other) DELETE o");
            rows("CALL graphsha.model.drop('papers', false)");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void streamsPredictedProbabilitiesWhenAsked() {
        List<Map<String, Object>> rows = rows("CALL graphsha.predict.stream('cora', {modelName: 'm', "
            + "includePredictedProbabilities: true}) YIELD nodeId, predictedClass, predictedProbabilities, confidence "
            + "RETURN * LIMIT 50");
        for (Map<String, Object> row : rows) {
            List<Double> probabilities = (List<Double>) row.get("predictedProbabilities");
            assertEquals(7, probabilities.size());
            assertEquals(1.0, probabilities.stream().mapToDouble(Double::doubleValue).sum(), 1e-9);
            assertEquals(probabilities.get(((Long) row.get("predictedClass")).intValue()), row.get("confidence"));
            assertEquals(row.get("confidence"), probabilities.stream().max(Double::compare).orElseThrow());
        }
        assertNull(single("CALL graphsha.predict.stream('cora', {modelName: 'm'}) YIELD predictedProbabilities "
            + "RETURN predictedProbabilities LIMIT 1"), "GDS's default: no probabilities unless asked");
    }

    @Test
    void writesProbabilitiesUnderTheGdsKey() {
        try {
            rows("CALL graphsha.predict.write('cora', {modelName: 'm', writeProperty: 'predicted', "
                + "predictedProbabilityProperty: 'probabilities', writeConcurrency: 2, logProgress: false, sudo: true})");
            assertEquals(2708L, single("MATCH (p:Paper) WHERE size(p.probabilities) = 7 AND p.predicted IN range(0, 6) "
                + "RETURN count(p)"));
        } finally {
            rows("MATCH (p:Paper) REMOVE p.predicted, p.probabilities");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        mutate without mutateProperty | CALL graphsha.predict.mutate('cora', {modelName: 'm'})                                    | mandatory configuration parameter `mutateProperty`
        mutate onto existing property | CALL graphsha.predict.mutate('cora', {modelName: 'm', mutateProperty: 'features'})         | Invalid value 'features' for configuration key `mutateProperty`: node property `features` already exists in the in-memory graph `cora`
        existing probability property | CALL graphsha.predict.mutate('cora', {modelName: 'm', mutateProperty: 'p', predictedProbabilityProperty: 'class'}) | configuration key `predictedProbabilityProperty`: node property `class` already exists
        same property twice           | CALL graphsha.predict.mutate('cora', {modelName: 'm', mutateProperty: 'p', confidenceProperty: 'p'}) | Configuration keys `mutateProperty` and `confidenceProperty` must name different properties, but both are 'p'
        unknown key                   | CALL graphsha.predict.mutate('cora', {modelName: 'm', mutateProperty: 'p', batchSize: 10}) | Unexpected configuration key `batchSize`
        misspelt key                  | CALL graphsha.predict.stats('cora', {modelName: 'm', targetNodeLabel: ['Paper']})          | did you mean `targetNodeLabels`?
        write onto the target         | CALL graphsha.predict.write('cora', {modelName: 'm', writeProperty: 'class'})              | Invalid value 'class' for configuration key `writeProperty`: model `m` was trained on 'class' as its target property (targetProperty), and writing predictions there would overwrite it; choose another property name
        confidence onto the split     | CALL graphsha.predict.write('cora', {modelName: 'm', writeProperty: 'p', confidenceProperty: 'split'}) | Invalid value 'split' for configuration key `confidenceProperty`: model `m` was trained on 'split' as its split property (splitProperty)
        probabilities onto features   | CALL graphsha.predict.write('cora', {modelName: 'm', writeProperty: 'p', predictedProbabilityProperty: 'features'}) | Invalid value 'features' for configuration key `predictedProbabilityProperty`: model `m` was trained on 'features' as a feature property
        old probabilities key         | CALL graphsha.predict.write('cora', {modelName: 'm', writeProperty: 'p', probabilitiesProperty: 'q'}) | Configuration key `probabilitiesProperty` is now `predictedProbabilityProperty`
        writeConcurrency outside write | CALL graphsha.predict.mutate('cora', {modelName: 'm', mutateProperty: 'p', writeConcurrency: 2}) | Unexpected configuration key `writeConcurrency`
        probabilities flag in write   | CALL graphsha.predict.write('cora', {modelName: 'm', writeProperty: 'p', includePredictedProbabilities: true}) | Unexpected configuration key `includePredictedProbabilities`
        both label keys               | CALL graphsha.predict.stream('cora', {modelName: 'm', targetNodeLabels: 'Paper', nodeLabels: 'Paper'}) | Configuration keys `targetNodeLabels` [Paper] and `nodeLabels` [Paper] name the same filter
        unknown target label          | CALL graphsha.predict.stats('cora', {modelName: 'm', targetNodeLabels: ['User']})          | Invalid value 'User' for configuration key `targetNodeLabels`
        logProgress not a flag        | CALL graphsha.predict.stream('cora', {modelName: 'm', logProgress: 'no'})                  | Invalid value 'no' for configuration key `logProgress`
        estimate without writeProperty | CALL graphsha.predict.write.estimate('cora', {modelName: 'm'})                            | mandatory configuration parameter `writeProperty`
        estimate of an unknown model  | CALL graphsha.predict.stats.estimate('cora', {modelName: 'ghost'})                         | Model `ghost` does not exist
        """)
    void refusesBadInput(String name, String query, String expected) {
        List<String> before = propertyKeys();
        assertFailsUnchanged(query, expected.strip());
        assertEquals(before, propertyKeys(), "the failed call changed the projection");
    }

    @SuppressWarnings("unchecked")
    private static List<String> propertyKeys() {
        return (List<String>) single("CALL gds.graph.list('cora') YIELD schemaWithOrientation "
            + "UNWIND keys(schemaWithOrientation.nodes.Paper) AS key WITH key ORDER BY key RETURN collect(key)");
    }
}
