package org.graphsha.config;

import static org.graphsha.config.TrainCalls.config;
import static org.graphsha.config.TrainCalls.error;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conditions declared with the keys of {@code graphsha.train} (a key only some methods take, heads against
 * hiddenSize): each refuses its key, naming the key, value, method or other key and the fix, and lets it pass where
 * it fits.
 */
class KeyConditionTest {

    static Stream<Arguments> refusals() {
        return Stream.of(
            Arguments.of("graphSmoteUpScale", 1.0, "tam", "graphSmote", "graphSmoteUpScale: 1.0 needs method "
                + "'graphSmote', but method is 'tam'; leave graphSmoteUpScale out for other methods"),
            Arguments.of("selfTrainingWeight", 1.0, "graphSmote", "tam", "selfTrainingWeight: 1.0 does not combine "
                + "with method 'graphSmote', whose own step builds its graph between the layers and trains its edge "
                + "decoder; choose another method or leave selfTrainingWeight out"),
            Arguments.of("virtualClassNodes", "bat1", "graphSmote", "tam", "virtualClassNodes: 'bat1' does not "
                + "combine with method 'graphSmote', whose own step builds its graph between the layers and trains its "
                + "edge decoder; choose another method or leave virtualClassNodes out"),
            Arguments.of("hardness", "knn", "tam", "graphsha", "hardness: 'knn' needs method 'graphsha', whose "
                + "synthesis draws anchors by hardness, but method is 'tam'; leave hardness out for other methods"));
    }

    @ParameterizedTest(name = "{0}: {1} with {2}")
    @MethodSource("refusals")
    void aKeyIsRefusedForAMethodThatCannotTakeIt(String key, Object given, String refusing, String taking,
                                                 String message) {
        assertEquals(message, error(Map.of("method", refusing, key, given)));
        TrainConfig.of("g", config(Map.of("method", taking, key, given)));
        // A candidate is checked against its own method, and the refusal says which candidate it is.
        List<Object> candidates = List.of(taking, Map.of("method", refusing, key, given));
        assertEquals("candidateMethods entry 2 (" + refusing + " {" + key + ": "
            + (given instanceof String ? "'" + given + "'" : given) + "}): " + message,
            error(Map.of("candidateMethods", candidates)));
    }

    @ParameterizedTest(name = "{0}: {1} with {2}")
    @CsvSource(delimiter = '|', textBlock = """
        graphSmoteUpScale  | 0.0        | tam
        selfTrainingWeight | 0.0        | graphSmote
        virtualClassNodes  | none       | graphSmote
        hardness           | confidence | tam
        """)
    void aValueThatTurnsTheKeyOffPassesWithAnyMethod(String key, String value, String method) {
        Object given = value.matches("[0-9.]+") ? (Object) Double.parseDouble(value) : value;
        TrainConfig.of("g", config(Map.of("method", method, key, given)));
    }

    @ParameterizedTest(name = "heads {0}, hiddenSize {1}")
    @CsvSource({"3, 64, 3, 64", ", 6, 4, 6", "8, , ,"})
    void headsMustDivideHiddenSize(Long heads, Long hidden, Long shownHeads, Long shownHidden) {
        Map<String, Object> keys = new HashMap<>();
        if (heads != null) {
            keys.put("heads", heads);
        }
        if (hidden != null) {
            keys.put("hiddenSize", hidden);
        }
        if (shownHeads == null) {
            assertEquals(heads, TrainConfig.of("g", config(keys)).effective().get("heads"));
            return;
        }
        assertEquals("Invalid value " + shownHeads + " for configuration key `heads`: it must divide hiddenSize ("
            + shownHidden + ")", error(keys));
    }
}
