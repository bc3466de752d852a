package org.graphsha.config;

import java.util.List;
import java.util.Map;

import org.graphsha.method.Method;
import org.graphsha.method.selection.CandidateScoring;
import org.graphsha.method.selection.MethodCandidates;

/** Reads the keys of {@code graphsha.train} that choose its method among candidates, for {@link TrainConfig}. */
final class CandidateMethodsKeys {

    private CandidateMethodsKeys() {}

    /**
     * {@code candidateMethods}, {@code candidateScoring} and {@code validationFolds} (docs/algorithm.md §10.5): off
     * when the call names none; the candidates are distinct valid methods, at least 2, and exclude {@code method}.
     */
    static MethodCandidates read(ConfigReader r, Map<String, Object> effective) {
        List<String> names = r.stringList("candidateMethods", null);
        CandidateScoring scoring = r.choice("candidateScoring", CandidateScoring.AUTO, CandidateScoring.class);
        int folds = r.intInRange("validationFolds", MethodCandidates.DEFAULT_FOLDS, 2, 100);
        if (names == null) {
            for (String key : List.of("candidateScoring", "validationFolds")) {
                if (r.given().containsKey(key)) {
                    throw new IllegalArgumentException(key + ": " + r.given().get(key) + " needs candidateMethods: it "
                        + "says how a choice among candidate methods is made; add candidateMethods: ['graphsha', "
                        + "'tam', 'reweight'] or leave " + key + " out");
                }
            }
            return MethodCandidates.OFF;
        }
        if (scoring == CandidateScoring.VALIDATION && r.given().containsKey("validationFolds")) {
            throw new IllegalArgumentException("validationFolds: " + folds + " needs candidateScoring 'folds' or "
                + "'auto', but it is 'validation', which scores each candidate on the validation nodes without folds; "
                + "leave validationFolds out or set candidateScoring: 'folds'");
        }
        if (r.given().containsKey("method")) {
            throw new IllegalArgumentException("Configuration keys `method` and `candidateMethods` exclude each other: "
                + "`method` trains that method, `candidateMethods` chooses one among them; give only one");
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
        effective.put("candidateScoring", ConfigReader.choiceName(scoring));
        effective.put("validationFolds", (long) folds);
        return new MethodCandidates(methods, scoring, folds);
    }

}
