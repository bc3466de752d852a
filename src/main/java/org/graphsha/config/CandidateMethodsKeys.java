package org.graphsha.config;

import java.util.List;
import java.util.Map;

import org.graphsha.method.Method;
import org.graphsha.method.selection.MethodCandidates;

/** Reads the keys of {@code graphsha.train} that choose its method by cross-validation, for {@link TrainConfig}. */
final class CandidateMethodsKeys {

    private CandidateMethodsKeys() {}

    /**
     * {@code candidateMethods} and {@code validationFolds} (docs/algorithm.md §10.5): off when the call names
     * neither; the candidates are distinct valid methods, at least 2, and exclude {@code method}.
     */
    static MethodCandidates read(ConfigReader r, Map<String, Object> effective) {
        List<String> names = r.stringList("candidateMethods", null);
        int folds = r.intInRange("validationFolds", MethodCandidates.DEFAULT_FOLDS, 2, 100);
        if (names == null) {
            if (r.given().containsKey("validationFolds")) {
                throw new IllegalArgumentException("validationFolds: " + folds + " needs candidateMethods: the folds "
                    + "cross-validate a choice among candidate methods; add candidateMethods: ['graphsha', 'tam', "
                    + "'reweight'] or leave validationFolds out");
            }
            return MethodCandidates.OFF;
        }
        if (r.given().containsKey("method")) {
            throw new IllegalArgumentException("Configuration keys `method` and `candidateMethods` exclude each other: "
                + "`method` trains that method, `candidateMethods` chooses one by cross-validation; give only one");
        }
        List<Method> methods = names.stream().map(n -> ConfigReader.choiceOf("candidateMethods", n, Method.class)).toList();
        List<String> spelled = methods.stream().map(ConfigReader::choiceName).toList();
        if (methods.size() < 2) {
            throw new IllegalArgumentException("Invalid value " + names + " for configuration key `candidateMethods`: "
                + "expected at least 2 methods to choose among; to train one method, use method: '" + spelled.get(0) + "'");
        }
        for (int i = 0; i < methods.size(); i++) {
            if (methods.indexOf(methods.get(i)) != i) {
                throw new IllegalArgumentException("Invalid value " + names + " for configuration key "
                    + "`candidateMethods`: method '" + spelled.get(i) + "' is named twice; name each candidate once");
            }
        }
        effective.put("candidateMethods", spelled);
        effective.put("validationFolds", (long) folds);
        return new MethodCandidates(methods, folds);
    }

}
