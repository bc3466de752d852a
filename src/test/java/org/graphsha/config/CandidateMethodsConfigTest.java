package org.graphsha.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.method.Method;
import org.graphsha.method.selection.CandidateScoring;
import org.graphsha.training.LossKind;
import org.junit.jupiter.api.Test;

/** The {@code candidateMethods}, {@code candidateScoring} and {@code validationFolds} keys (docs/algorithm.md §10.5). */
class CandidateMethodsConfigTest {

    private static Map<String, Object> config(Object... keysAndValues) {
        Map<String, Object> map = new HashMap<>();
        map.put("modelName", "m");
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static String error(Object... keysAndValues) {
        return assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g", config(keysAndValues)))
            .getMessage();
    }

    @Test
    void offByDefault() {
        TrainConfig plain = TrainConfig.of("g", config());
        assertFalse(plain.candidates().enabled());
        assertFalse(plain.effective().containsKey("candidateMethods"));
        assertFalse(plain.effective().containsKey("validationFolds"));
        assertFalse(plain.effective().containsKey("candidateScoring"));
        assertEquals("graphsha", plain.effective().get("method"));
    }

    @Test
    void readsTheCandidatesInOrderWithThreeFoldsByDefault() {
        TrainConfig config = TrainConfig.of("g", config("candidateMethods", List.of("graphsha", "TAM", "re-weight")));
        assertEquals(List.of(Method.GRAPHSHA, Method.TAM, Method.REWEIGHT), config.candidates().methods());
        assertEquals(3, config.candidates().folds());
        assertEquals(List.of("graphsha", "tam", "reweight"), config.effective().get("candidateMethods"));
        assertEquals(3L, config.effective().get("validationFolds"));
        assertEquals(CandidateScoring.AUTO, config.candidates().scoring());
        assertEquals("auto", config.effective().get("candidateScoring"));
        assertFalse(config.effective().containsKey("method"), "the method is chosen, not configured");
        assertEquals(5, TrainConfig.of("g", config("candidateMethods", List.of("tam", "vanilla"), "validationFolds", 5L))
            .candidates().folds());
    }

    @Test
    void aCandidateRunsWithTheOptionsOfACallNamingItAlone() {
        TrainConfig config = TrainConfig.of("g", config("candidateMethods", List.of("graphsha", "reweight"),
            "epochs", 40L, "randomSeed", 7L, "selectionWindow", 5L));
        TrainConfig alone = TrainConfig.of("g", config("method", "reweight", "epochs", 40L, "randomSeed", 7L,
            "selectionWindow", 5L));
        TrainConfig candidate = config.forCandidate(Method.REWEIGHT);
        assertEquals(Method.REWEIGHT, candidate.method());
        assertEquals(LossKind.REWEIGHT, candidate.training().loss());
        assertEquals(alone.training(), candidate.training());
        assertEquals(alone.synthesis(), candidate.synthesis());
        assertEquals(alone.effective(), candidate.effective());
        assertFalse(candidate.candidates().enabled());
    }

    @Test
    void aChosenModelKeepsTheCandidatesBesideTheMethodAndReadsBackAsThatMethod() {
        TrainConfig config = TrainConfig.of("g", config("candidateMethods", List.of("graphsha", "tam")));
        Map<String, Object> stored = config.chosenConfiguration(Method.TAM);
        assertEquals("tam", stored.get("method"));
        assertEquals(List.of("graphsha", "tam"), stored.get("candidateMethods"));
        List<String> keys = List.copyOf(stored.keySet());
        assertEquals(keys.indexOf("method") + 1, keys.indexOf("candidateMethods"));
        assertEquals("auto", stored.get("candidateScoring"));
        TrainConfig read = TrainConfig.ofStored("g", stored);
        assertEquals(Method.TAM, read.method());
        assertFalse(read.candidates().enabled());
    }

    @Test
    void readsTheScoringAndRefusesFoldsBesideValidationScoring() {
        for (String name : List.of("folds", "validation", "auto")) {
            TrainConfig config = TrainConfig.of("g", config("candidateMethods", List.of("graphsha", "tam"),
                "candidateScoring", name));
            assertEquals(name, config.effective().get("candidateScoring"));
            assertEquals(name, ConfigReader.choiceName(config.candidates().scoring()));
        }
        String folds = error("candidateMethods", List.of("graphsha", "tam"), "candidateScoring", "validation",
            "validationFolds", 4L);
        assertTrue(folds.contains("validationFolds: 4") && folds.contains("candidateScoring: 'folds'"), folds);
        String unknown = error("candidateMethods", List.of("graphsha", "tam"), "candidateScoring", "test");
        assertTrue(unknown.contains("`candidateScoring`") && unknown.contains("'validation'"), unknown);
        String alone = error("candidateScoring", "validation");
        assertTrue(alone.contains("candidateScoring: validation needs candidateMethods"), alone);
    }

    @Test
    void refusesMethodBesideCandidates() {
        String message = error("method", "tam", "candidateMethods", List.of("graphsha", "tam"));
        assertTrue(message.contains("`method`") && message.contains("`candidateMethods`"), message);
    }

    @Test
    void refusesFoldsWithoutCandidates() {
        String message = error("validationFolds", 4L);
        assertTrue(message.contains("validationFolds") && message.contains("candidateMethods"), message);
    }

    @Test
    void refusesBadCandidateLists() {
        for (Object bad : List.of(List.of("graphsha", "smote"), List.of("graphsha"), "graphsha", List.of(),
            List.of("tam", "graphsha", "TAM"), 5L, List.of("graphsha", 3L))) {
            String message = error("candidateMethods", bad);
            assertTrue(message.contains("`candidateMethods`"), bad + ": " + message);
        }
        assertTrue(error("candidateMethods", List.of("graphsha", "smote")).contains("'smote'"));
        assertTrue(error("candidateMethods", List.of("tam", "graphsha", "TAM")).contains("named twice"));
        assertTrue(error("candidateMethods", List.of("tam")).contains("method: 'tam'"));
    }

    @Test
    void refusesFoldCountsOutOfRange() {
        for (Object bad : List.of(1L, 0L, 101L, 2.5, "3")) {
            String message = error("candidateMethods", List.of("graphsha", "tam"), "validationFolds", bad);
            assertTrue(message.contains("`validationFolds`"), bad + ": " + message);
        }
    }

    @Test
    void eachCandidateSelfTrainsByItsOwnDefaultUnlessTheCallSetsTheWeight() {
        TrainConfig config = TrainConfig.of("g", config("candidateMethods", List.of("graphsha", "tam", "graphSmote")));
        assertFalse(config.effective().containsKey("selfTrainingWeight"));
        assertTrue(config.forCandidate(Method.GRAPHSHA).training().selfTraining().enabled());
        assertFalse(config.forCandidate(Method.TAM).training().selfTraining().enabled());
        assertFalse(config.forCandidate(Method.GRAPH_SMOTE).training().selfTraining().enabled());
        assertEquals(0.0, config.chosenConfiguration(Method.TAM).get("selfTrainingWeight"));
        TrainConfig off = TrainConfig.of("g", config("candidateMethods", List.of("graphsha", "tam"),
            "selfTrainingWeight", 0L));
        assertFalse(off.forCandidate(Method.GRAPHSHA).training().selfTraining().enabled());
    }

    @Test
    void everyCandidateMustTakeTheCallsKeys() {
        String upScale = error("candidateMethods", List.of("graphSmote", "tam"), "graphSmoteUpScale", 1.0);
        assertTrue(upScale.contains("graphSmoteUpScale") && upScale.contains("candidate method is 'tam'"), upScale);
        String selfTraining = error("candidateMethods", List.of("tam", "graphSmote"), "selfTrainingWeight", 1.0);
        assertTrue(selfTraining.contains("selfTrainingWeight") && selfTraining.contains("graphSmote"), selfTraining);
    }
}
