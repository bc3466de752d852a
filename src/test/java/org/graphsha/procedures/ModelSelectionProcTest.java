package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code candidateMethods}: graphsha.train scores the candidates on folds or on the validation nodes of a small graph,
 * yields and keeps {@code modelSelectionStats}, and stores the model that a call naming the chosen method makes.
 */
class ModelSelectionProcTest {

    /** 90 accounts in three classes of 54 / 24 / 12 on a ring with chords, two numeric features, automatic holdout. */
    @BeforeAll
    static void graph() {
        TestNeo4j.reset();
        rows("CALL graphsha.model.list() YIELD modelName CALL graphsha.model.drop(modelName) YIELD modelInfo RETURN count(*)");
        rows("UNWIND range(0, 89) AS i WITH i, CASE WHEN i % 15 < 9 THEN 'normal' WHEN i % 15 < 13 THEN 'suspicious' "
            + "ELSE 'fraud' END AS kind CREATE (:Account {ref: i, kind: kind, vec: [CASE kind WHEN 'normal' THEN 1.0 "
            + "ELSE 0.2 END + (i % 4) * 0.1, CASE kind WHEN 'fraud' THEN 1.0 ELSE 0.1 END + (i % 3) * 0.1]})");
        rows("MATCH (a:Account), (b:Account) WHERE b.ref = (a.ref + 1) % 90 OR b.ref = (a.ref + 15) % 90 "
            + "CREATE (a)-[:PAYS]->(b)");
        rows("CALL gds.graph.project('accounts', 'Account', {PAYS: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['vec']})");
    }

    private static final String BASE = "targetProperty: 'kind', featureProperties: ['vec'], epochs: 8, randomSeed: 11";

    @Test
    @SuppressWarnings("unchecked")
    void choosesByCrossValidationAndStoresTheChosenMethodsModel() {
        Map<String, Object> result = rows("CALL graphsha.train('accounts', {modelName: 'chosen', " + BASE
            + ", candidateMethods: ['graphsha', 'reweight', 'vanilla'], validationFolds: 2}) "
            + "YIELD modelInfo, modelSelectionStats, configuration, validationMetrics RETURN *").get(0);
        Map<String, Object> stats = (Map<String, Object>) result.get("modelSelectionStats");
        String chosen = (String) stats.get("chosenMethod");
        assertEquals(chosen, ((Map<String, Object>) result.get("modelInfo")).get("method"));
        assertEquals(2L, stats.get("validationFolds"));
        List<Map<String, Object>> candidates = (List<Map<String, Object>>) stats.get("modelCandidates");
        assertEquals(List.of("graphsha", "reweight", "vanilla"), candidates.stream().map(c -> c.get("method")).toList());
        double best = Double.NEGATIVE_INFINITY;
        String expected = null;
        for (Map<String, Object> candidate : candidates) {
            Map<String, Object> validation = (Map<String, Object>) candidate.get("validation");
            List<Double> folds = (List<Double>) validation.get("folds");
            assertEquals(2, folds.size());
            assertEquals((folds.get(0) + folds.get(1)) / 2, (Double) validation.get("avg"), 1e-12);
            assertEquals(2, ((List<?>) candidate.get("selectedEpochs")).size());
            if ((Double) validation.get("avg") > best) {
                best = (Double) validation.get("avg");
                expected = (String) candidate.get("method");
            }
        }
        assertEquals(expected, chosen, "the best mean wins, the earlier candidate on a tie");
        Map<String, Object> configuration = (Map<String, Object>) result.get("configuration");
        assertEquals(chosen, configuration.get("method"));
        assertEquals(List.of("graphsha", "reweight", "vanilla"), configuration.get("candidateMethods"));

        // The stored model is the model of a call naming the chosen method: same seed, same epoch, same metrics.
        Map<String, Object> alone = rows("CALL graphsha.train('accounts', {modelName: 'alone', " + BASE
            + ", method: $method}) YIELD modelInfo, modelSelectionStats, validationMetrics RETURN *",
            Map.of("method", chosen)).get(0);
        assertEquals(((Map<String, Object>) alone.get("modelInfo")).get("bestEpoch"),
            ((Map<String, Object>) result.get("modelInfo")).get("bestEpoch"));
        assertEquals(alone.get("validationMetrics"), result.get("validationMetrics"));
        assertTrue(((Map<String, Object>) alone.get("modelSelectionStats")).isEmpty(), "no selection, no stats");
        List<Object> predicted = rows("CALL graphsha.predict.stream('accounts', {modelName: 'chosen'}) YIELD nodeId, "
            + "predictedClass RETURN predictedClass ORDER BY nodeId").stream().map(r -> r.get("predictedClass")).toList();
        List<Object> predictedAlone = rows("CALL graphsha.predict.stream('accounts', {modelName: 'alone'}) YIELD nodeId, "
            + "predictedClass RETURN predictedClass ORDER BY nodeId").stream().map(r -> r.get("predictedClass")).toList();
        assertEquals(predictedAlone, predicted);

        // The catalog keeps the stats with the metrics, and a model's file reads back with them.
        Map<String, Object> listed = rows("CALL graphsha.model.list('chosen') YIELD metrics, configuration RETURN *").get(0);
        Map<String, Object> kept = (Map<String, Object>) ((Map<String, Object>) listed.get("metrics"))
            .get("modelSelectionStats");
        assertEquals(chosen, kept.get("chosenMethod"));
        assertEquals(List.of("graphsha", "reweight", "vanilla"),
            ((Map<String, Object>) listed.get("configuration")).get("candidateMethods"));
        Map<String, Object> listedAlone = rows("CALL graphsha.model.list('alone') YIELD metrics RETURN *").get(0);
        assertFalse(((Map<String, Object>) listedAlone.get("metrics")).containsKey("modelSelectionStats"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void scoredOnTheValidationNodesEachCandidateIsItsOwnCallAndTheBestWins() {
        long modelsBefore = rows("CALL graphsha.model.list() YIELD modelName RETURN modelName").size();
        Map<String, Object> result = rows("CALL graphsha.train('accounts', {modelName: 'onValidation', " + BASE
            + ", candidateMethods: ['vanilla', 'reweight'], candidateScoring: 'validation'}) "
            + "YIELD modelInfo, modelSelectionStats, configuration, validationMetrics RETURN *").get(0);
        Map<String, Object> stats = (Map<String, Object>) result.get("modelSelectionStats");
        assertEquals("validation", stats.get("candidateScoring"));
        assertEquals(modelsBefore + 1, rows("CALL graphsha.model.list() YIELD modelName RETURN modelName").size(),
            "the candidates' runs store nothing; the chosen model is stored once");
        double best = Double.NEGATIVE_INFINITY;
        String expected = null;
        for (Map<String, Object> candidate : (List<Map<String, Object>>) stats.get("modelCandidates")) {
            String method = (String) candidate.get("method");
            Map<String, Object> alone = rows("CALL graphsha.train('accounts', {modelName: 'alone-' + $method, " + BASE
                + ", method: $method}) YIELD modelInfo, validationMetrics RETURN *", Map.of("method", method)).get(0);
            double score = (Double) ((Map<String, Object>) candidate.get("validation")).get("avg");
            // The candidate's score is its call's validation balanced accuracy, at the epoch that call keeps.
            assertEquals((Double) ((Map<String, Object>) alone.get("validationMetrics")).get("balancedAccuracy"), score,
                1e-12, method);
            assertEquals(List.of(((Map<String, Object>) alone.get("modelInfo")).get("bestEpoch")),
                candidate.get("selectedEpochs"), method);
            if (score > best) {
                best = score;
                expected = method;
            }
        }
        assertEquals(expected, stats.get("chosenMethod"));
        assertEquals(expected, ((Map<String, Object>) result.get("modelInfo")).get("method"));
        Map<String, Object> winner = rows("CALL graphsha.model.list('alone-' + $method) YIELD metrics RETURN metrics",
            Map.of("method", expected)).get(0);
        assertEquals(((Map<String, Object>) winner.get("metrics")).get("validation"),
            ((Map<String, Object>) rows("CALL graphsha.model.list('onValidation') YIELD metrics RETURN metrics").get(0)
                .get("metrics")).get("validation"));
        assertEquals("validation", ((Map<String, Object>) result.get("configuration")).get("candidateScoring"));
    }

    /**
     * Scored on the validation nodes, the chosen candidate's run becomes member 0 without a second training: the
     * model, its synthesis and the ensemble built on it are those of a call naming the chosen method.
     */
    @Test
    @SuppressWarnings("unchecked")
    void onTheValidationNodesTheChosenRunIsTheFinalModelsFirstMember() {
        String yields = " YIELD modelInfo, validationMetrics, syntheticNodesPerEpoch, lastSynthesis, modelSelectionStats "
            + "RETURN *";
        Map<String, Object> chosen = rows("CALL graphsha.train('accounts', {modelName: 'kept', " + BASE
            + ", candidateMethods: ['graphsha', 'vanilla'], candidateScoring: 'validation', ensembleSize: 2})"
            + yields).get(0);
        String method = (String) ((Map<String, Object>) chosen.get("modelSelectionStats")).get("chosenMethod");
        Map<String, Object> alone = rows("CALL graphsha.train('accounts', {modelName: 'kept-alone', " + BASE
            + ", method: $method, ensembleSize: 2})" + yields, Map.of("method", method)).get(0);
        for (String key : List.of("validationMetrics", "syntheticNodesPerEpoch", "lastSynthesis")) {
            assertEquals(alone.get(key), chosen.get(key), key + " of " + method);
        }
        assertEquals(((Map<String, Object>) alone.get("modelInfo")).get("bestEpoch"),
            ((Map<String, Object>) chosen.get("modelInfo")).get("bestEpoch"));
        String probabilities = "CALL graphsha.predict.stream('accounts', {modelName: $model}) YIELD nodeId, "
            + "predictedProbabilities RETURN predictedProbabilities ORDER BY nodeId";
        assertEquals(rows(probabilities, Map.of("model", "kept-alone")), rows(probabilities, Map.of("model", "kept")));
    }

    /** A candidate with keys of its own is a call naming its method with those keys; the stats say which won. */
    @Test
    @SuppressWarnings("unchecked")
    void candidatesWithKeysOfTheirOwnAreComparedAndTheWinnersKeysAreKept() {
        Map<String, Object> result = rows("CALL graphsha.train('accounts', {modelName: 'keyed', " + BASE
            + ", candidateMethods: ['vanilla', {method: 'vanilla', hiddenSize: 16, learningRate: 0.05}], "
            + "candidateScoring: 'validation'}) YIELD modelSelectionStats, configuration, validationMetrics RETURN *")
            .get(0);
        Map<String, Object> stats = (Map<String, Object>) result.get("modelSelectionStats");
        List<Map<String, Object>> candidates = (List<Map<String, Object>>) stats.get("modelCandidates");
        assertEquals(List.of(Map.of("method", "vanilla"), Map.of("method", "vanilla", "hiddenSize", 16L,
            "learningRate", 0.05)), candidates.stream().map(c -> c.get("parameters")).toList());
        int winner = -1;
        double best = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < candidates.size(); c++) {
            double score = (Double) ((Map<String, Object>) candidates.get(c).get("validation")).get("avg");
            if (score > best) {
                best = score;
                winner = c;
            }
        }
        Map<String, Object> parameters = (Map<String, Object>) candidates.get(winner).get("parameters");
        assertEquals(parameters, stats.get("bestParameters"));
        assertEquals("vanilla", stats.get("chosenMethod"));
        Map<String, Object> configuration = (Map<String, Object>) result.get("configuration");
        assertEquals(winner == 0 ? 64L : 16L, configuration.get("hiddenSize"));

        Map<String, Object> alone = rows("CALL graphsha.train('accounts', {modelName: 'keyed-alone', " + BASE
            + ", method: 'vanilla', hiddenSize: $hidden, learningRate: $rate}) YIELD validationMetrics RETURN *",
            Map.of("hidden", configuration.get("hiddenSize"), "rate", configuration.get("learningRate"))).get(0);
        assertEquals(alone.get("validationMetrics"), result.get("validationMetrics"));
        String probabilities = "CALL graphsha.predict.stream('accounts', {modelName: $model}) YIELD nodeId, "
            + "predictedProbabilities RETURN predictedProbabilities ORDER BY nodeId";
        assertEquals(rows(probabilities, Map.of("model", "keyed-alone")), rows(probabilities, Map.of("model", "keyed")));
        Map<String, Object> listed = (Map<String, Object>) rows("CALL graphsha.model.list('keyed') YIELD configuration "
            + "RETURN configuration").get(0).get("configuration");
        assertEquals(configuration.get("hiddenSize"), listed.get("hiddenSize"));
        assertEquals(List.of("vanilla", Map.of("method", "vanilla", "hiddenSize", 16L, "learningRate", 0.05)),
            listed.get("candidateMethods"));
    }

    @Test
    void theEstimateTakesTheLargestCandidate() {
        Map<String, Object> selection = rows("CALL graphsha.train.estimate('accounts', {modelName: 'e', " + BASE
            + ", candidateMethods: ['reweight', 'graphsha']}) YIELD bytesMax RETURN *").get(0);
        Map<String, Object> graphsha = rows("CALL graphsha.train.estimate('accounts', {modelName: 'e', " + BASE
            + ", method: 'graphsha'}) YIELD bytesMax RETURN *").get(0);
        assertEquals(graphsha.get("bytesMax"), selection.get("bytesMax"));
        // Scored on the validation nodes, the best run so far is kept while the next candidate trains: 90 nodes,
        // 3 float logits and a predicted class each.
        Map<String, Object> keeping = rows("CALL graphsha.train.estimate('accounts', {modelName: 'e', " + BASE
            + ", candidateMethods: ['reweight', 'graphsha'], candidateScoring: 'validation'}) YIELD bytesMax RETURN *")
            .get(0);
        assertEquals((Long) graphsha.get("bytesMax") + 90 * (3 * 4 + 4), keeping.get("bytesMax"));
        // A candidate's own keys size its model: the wide one is the largest, whichever place it takes.
        String wide = "{method: 'graphsha', hiddenSize: 512, heads: 8}";
        Map<String, Object> wideAlone = rows("CALL graphsha.train.estimate('accounts', {modelName: 'e', " + BASE
            + ", method: 'graphsha', hiddenSize: 512, heads: 8}) YIELD bytesMax RETURN *").get(0);
        assertTrue((Long) wideAlone.get("bytesMax") > (Long) graphsha.get("bytesMax"));
        for (String candidates : List.of("['reweight', " + wide + "]", "[" + wide + ", 'reweight']")) {
            assertEquals(wideAlone.get("bytesMax"), rows("CALL graphsha.train.estimate('accounts', {modelName: 'e', "
                + BASE + ", candidateMethods: " + candidates + "}) YIELD bytesMax RETURN *").get(0).get("bytesMax"),
                candidates);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        method and candidates  | method: 'tam', candidateMethods: ['graphsha', 'tam']     | Configuration keys `method` and `candidateMethods` exclude each other
        folds without candidates | validationFolds: 3                                     | validationFolds: 3 needs candidateMethods
        scoring without candidates | candidateScoring: 'folds'                           | candidateScoring: folds needs candidateMethods
        folds beside validation | candidateMethods: ['tam', 'vanilla'], candidateScoring: 'validation', validationFolds: 2 | validationFolds: 2 needs candidateScoring 'folds' or 'auto'
        unknown scoring        | candidateMethods: ['tam', 'vanilla'], candidateScoring: 'test' | Invalid value 'test' for configuration key `candidateScoring`
        one candidate          | candidateMethods: ['tam']                                | expected at least 2 candidates
        unknown candidate      | candidateMethods: ['tam', 'smote']                       | Invalid value 'smote' for configuration key `candidateMethods`
        duplicate candidate    | candidateMethods: ['tam', 'TAM']                         | 'tam' is named twice
        same configuration     | candidateMethods: ['tam', {method: 'tam', learningRate: 0.01}] | 'tam {learningRate: 0.01}' is named twice (it trains as 'tam' does)
        a call's key in a candidate | candidateMethods: ['tam', {method: 'vanilla', epochs: 5}] | candidateMethods entry 2 {
        bad key of a candidate | candidateMethods: ['tam', {method: 'vanilla', dropout: 2}] | candidateMethods entry 2 (vanilla {dropout: 2}): Invalid value 2.0 for configuration key `dropout`
        one fold               | candidateMethods: ['tam', 'vanilla'], validationFolds: 1 | Invalid value 1 for configuration key `validationFolds`
        more folds than nodes  | candidateMethods: ['tam', 'vanilla'], validationFolds: 99 | validationFolds: 99 is more than the
        """)
    void refusesBadSelections(String name, String keys, String expected) {
        assertFailsUnchanged("CALL graphsha.train('accounts', {modelName: 'bad', " + BASE + ", " + keys + "})",
            expected.strip());
    }
}
