package org.graphsha.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.method.Method;
import org.graphsha.method.RunConfig;
import org.graphsha.method.selection.CandidateScoring;
import org.graphsha.training.augment.SelfTrainingOptions;
import org.graphsha.training.losses.LossKind;
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
        assertEquals(List.of("graphsha", "tam", "reweight"), config.candidates().names());
        assertEquals(List.of(Method.GRAPHSHA, Method.TAM, Method.REWEIGHT), config.methods());
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
        NamedRun candidate = config.runs().get(1);
        assertEquals(Method.REWEIGHT, candidate.run().method());
        assertEquals(LossKind.REWEIGHT, candidate.run().training().loss());
        assertEquals(alone.run(), candidate.run());
        assertEquals(alone.effective(), candidate.effective());
        assertEquals(alone.runs().get(0), candidate);
    }

    @Test
    void aChosenModelKeepsTheCandidatesBesideTheMethodAndReadsBackAsThatMethod() {
        TrainConfig config = TrainConfig.of("g", config("candidateMethods", List.of("graphsha", "tam")));
        Map<String, Object> stored = config.chosenConfiguration(1);
        assertEquals("tam", stored.get("method"));
        assertEquals(List.of("graphsha", "tam"), stored.get("candidateMethods"));
        List<String> keys = List.copyOf(stored.keySet());
        assertEquals(keys.indexOf("method") + 1, keys.indexOf("candidateMethods"));
        assertEquals("auto", stored.get("candidateScoring"));
        TrainConfig read = TrainConfig.ofStored("g", stored);
        assertEquals(Method.TAM, read.run().method());
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
        assertTrue(selfTraining(config.runs().get(0).run()).enabled());
        assertFalse(selfTraining(config.runs().get(1).run()).enabled());
        assertFalse(selfTraining(config.runs().get(2).run()).enabled());
        assertEquals(0.0, config.chosenConfiguration(1).get("selfTrainingWeight"));
        TrainConfig off = TrainConfig.of("g", config("candidateMethods", List.of("graphsha", "tam"),
            "selfTrainingWeight", 0L));
        assertFalse(selfTraining(off.runs().get(0).run()).enabled());
    }

    @Test
    void everyCandidateMustTakeTheCallsKeys() {
        String upScale = error("candidateMethods", List.of("graphSmote", "tam"), "graphSmoteUpScale", 1.0);
        assertTrue(upScale.contains("candidateMethods entry 2 (tam)") && upScale.contains("graphSmoteUpScale")
            && upScale.contains("method is 'tam'"), upScale);
        String selfTraining = error("candidateMethods", List.of("tam", "graphSmote"), "selfTrainingWeight", 1.0);
        assertTrue(selfTraining.contains("selfTrainingWeight") && selfTraining.contains("graphSmote"), selfTraining);
    }

    @Test
    void aCandidateMayTrainWithKeysOfItsOwn() {
        TrainConfig config = TrainConfig.of("g", config("candidateMethods", List.of("graphsha",
            Map.of("method", "graphsha", "selfTrainingWeight", 0L), Map.of("method", "TAM", "learningRate", 0.05)),
            "epochs", 40L, "selfTrainingWeight", 1L));
        assertEquals(List.of("graphsha", "graphsha {selfTrainingWeight: 0.0}", "tam {learningRate: 0.05}"),
            config.candidates().names());
        assertEquals(List.of("graphsha", Map.of("method", "graphsha", "selfTrainingWeight", 0.0),
            Map.of("method", "tam", "learningRate", 0.05)), config.effective().get("candidateMethods"));
        // The call's keys hold for every candidate, and a candidate's own keys take precedence over them.
        assertEquals(1.0, selfTraining(config.runs().get(0).run()).weight());
        assertEquals(0.0, selfTraining(config.runs().get(1).run()).weight());
        assertEquals(40, config.runs().get(1).run().training().epochs());
        TrainConfig alone = TrainConfig.of("g", config("method", "tam", "epochs", 40L, "selfTrainingWeight", 1L,
            "learningRate", 0.05));
        assertEquals(alone.effective(), config.runs().get(2).effective());
        Map<String, Object> stored = config.chosenConfiguration(1);
        assertEquals(0.0, stored.get("selfTrainingWeight"));
        assertEquals(config.effective().get("candidateMethods"), stored.get("candidateMethods"));
        assertEquals(config.runs().get(1).effective(), TrainConfig.ofStored("g", stored).effective());
        assertEquals(Map.of("method", "graphsha", "selfTrainingWeight", 0.0),
            config.runs().get(1).parameters());
        // The yielded configuration reads back as the same call.
        assertEquals(config.effective(), TrainConfig.of("g", config.effective()).effective());
    }

    /**
     * The README's choice among self-training, virtual class nodes and both: each candidate is the call that the
     * benchmarks measured as the default, row 4 and row 5 of docs/benchmarks/beyond-the-paper.md.
     */
    @Test
    void theReadmesThreeVariantsAreTheDefaultAndItsTwoBatForms() {
        TrainConfig config = TrainConfig.of("g", config("candidateMethods", List.of("graphsha",
            Map.of("method", "graphsha", "selfTrainingWeight", 0L, "virtualClassNodes", "bat1"),
            Map.of("method", "graphsha", "virtualClassNodes", "bat1"))));
        assertEquals(TrainConfig.of("g", config()).effective(), config.runs().get(0).effective());
        assertEquals(TrainConfig.of("g", config("method", "graphsha", "selfTrainingWeight", 0L,
            "virtualClassNodes", "bat1")).effective(), config.runs().get(1).effective());
        assertEquals(TrainConfig.of("g", config("method", "graphsha", "virtualClassNodes", "bat1")).effective(),
            config.runs().get(2).effective());
        assertEquals(0.0, selfTraining(config.runs().get(1).run()).weight());
        assertTrue(selfTraining(config.runs().get(2).run()).weight() > 0, "row 5 keeps self-training");
    }

    @Test
    void refusesBadCandidateKeys() {
        String shared = error("candidateMethods", List.of("tam", Map.of("method", "graphsha", "epochs", 5L)));
        assertTrue(shared.contains("candidateMethods entry 2 {") && shared.contains("sets `epochs`")
            && shared.contains("for the whole call"), shared);
        String typo = error("candidateMethods", List.of("tam", Map.of("method", "graphsha", "selfTrainingWieght", 0L)));
        assertTrue(typo.contains("did you mean `selfTrainingWeight`"), typo);
        String noMethod = error("candidateMethods", List.of("tam", Map.of("selfTrainingWeight", 0L)));
        assertTrue(noMethod.contains("`candidateMethods`") && noMethod.contains("`method`"), noMethod);
        String range = error("candidateMethods", List.of("tam", Map.of("method", "graphsha", "selfTrainingWeight", -1L)));
        assertTrue(range.contains("candidateMethods entry 2 (graphsha {selfTrainingWeight: -1})")
            && range.contains("`selfTrainingWeight`"), range);
        String combination = error("candidateMethods", List.of("graphsha", Map.of("method", "tam", "hardness", "knn")));
        assertTrue(combination.contains("entry 2") && combination.contains("method is 'tam'"), combination);
        String same = error("candidateMethods", List.of("graphsha", Map.of("method", "graphsha",
            "selfTrainingWeight", 2L)));
        assertTrue(same.contains("named twice") && same.contains("'graphsha'"), same);
    }

    private static SelfTrainingOptions selfTraining(RunConfig run) {
        return run.training().augmentation(SelfTrainingOptions.class).orElseThrow();
    }
}
