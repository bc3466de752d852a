package org.graphsha.config;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;

/** A train call's configuration in the key tests: the given keys and a model name. */
final class TrainCalls {

    private TrainCalls() {}

    static Map<String, Object> config(Map<String, Object> keys) {
        Map<String, Object> map = new HashMap<>(keys);
        map.put("modelName", "m");
        return map;
    }

    /** The message with which a call of these keys is refused. */
    static String error(Map<String, Object> keys) {
        return assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g", config(keys))).getMessage();
    }
}
