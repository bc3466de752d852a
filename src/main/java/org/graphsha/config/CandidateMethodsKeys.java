package org.graphsha.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.graphsha.method.Method;
import org.graphsha.method.selection.CandidateScoring;

/** Reads the keys of {@code graphsha.train} that choose its method among candidates, for {@link TrainConfig}. */
final class CandidateMethodsKeys {

    private static final String KEY = TrainKeys.CANDIDATE_METHODS.name();
    /** The keys of the choice itself: a call naming one candidate has none of them. */
    static final List<String> CHOICE_KEYS = List.of(KEY, TrainKeys.CANDIDATE_SCORING.name(),
        TrainKeys.VALIDATION_FOLDS.name());

    /** Keys a candidate may set for itself: those declared per candidate. */
    static final Set<String> OWN_KEYS = TrainKeys.PER_CANDIDATE;

    private CandidateMethodsKeys() {}

    /** An entry as given: a method and the keys it sets for itself (none for a bare method name). */
    record Entry(Method method, Map<String, Object> own) {}

    /** The keys as read; {@link #entries} is empty when the call names no candidates. */
    record Read(List<Entry> entries, CandidateScoring scoring, int folds) {

        boolean enabled() {
            return !entries.isEmpty();
        }
    }

    /**
     * {@code candidateMethods}, {@code candidateScoring} and {@code validationFolds} (docs/algorithm.md §10.5): off
     * when the call names none; otherwise at least 2 entries, each a method or a map of a method and its own keys.
     */
    static Read read(ConfigReader r, Map<String, Object> effective) {
        Object given = TrainKeys.CANDIDATE_METHODS.read(r);
        CandidateScoring scoring = TrainKeys.CANDIDATE_SCORING.read(r);
        int folds = TrainKeys.VALIDATION_FOLDS.read(r);
        if (given == null) {
            for (String key : List.of("candidateScoring", "validationFolds")) {
                if (r.given().containsKey(key)) {
                    throw new IllegalArgumentException(key + ": " + r.given().get(key) + " needs candidateMethods: it "
                        + "says how a choice among candidate methods is made; add candidateMethods: ['graphsha', "
                        + "'tam', 'reweight'] or leave " + key + " out");
                }
            }
            return new Read(List.of(), scoring, 0);
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
        if (!(given instanceof List<?> list) || list.isEmpty()) {
            throw invalid(given, "a list of at least 2 candidates, each a method such as 'tam' or a map such as "
                + "{method: 'graphsha', selfTrainingWeight: 0}");
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            entries.add(entry(i, list.get(i)));
        }
        if (entries.size() < 2) {
            throw invalid(given, "at least 2 candidates to choose among; to train one, use method: '"
                + ConfigReader.choiceName(entries.get(0).method()) + "'");
        }
        // Holds the key's place in the effective map; configs() puts the entries as they were checked.
        effective.put(KEY, List.of());
        TrainKeys.CANDIDATE_SCORING.keep(scoring, effective);
        TrainKeys.VALIDATION_FOLDS.keep(folds, effective);
        return new Read(entries, scoring, folds);
    }

    private static Entry entry(int index, Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return new Entry(ConfigReader.choiceOf(KEY, value, Method.class), Map.of());
        }
        Object method = map.get("method");
        if (method == null) {
            throw invalid(value, "a map with a `method`, such as {method: 'graphsha', selfTrainingWeight: 0}");
        }
        Map<String, Object> own = new TreeMap<>();
        for (Map.Entry<?, ?> key : map.entrySet()) {
            String name = String.valueOf(key.getKey());
            if (name.equals("method")) {
                continue;
            }
            if (!OWN_KEYS.contains(name)) {
                throw new IllegalArgumentException(KEY + " entry " + (index + 1) + " " + shown(value) + " sets `" + name
                    + "`" + ConfigReader.suggestion(name, OWN_KEYS) + ", but a candidate may set only keys of how its "
                    + "model trains (" + String.join(", ", OWN_KEYS) + "); set `" + name + "` for the whole call instead");
            }
            own.put(name, key.getValue());
        }
        return new Entry(ConfigReader.choiceOf(KEY, method, Method.class), own);
    }

    /**
     * Each entry's run: the call's keys, less the choice's, with the entry's method and own keys. Built
     * (and so validated) before any work starts; two entries that train the same configuration are refused.
     */
    static List<NamedRun> runs(String graphName, ConfigReader r, Read read, Map<String, Object> effective) {
        Map<String, Object> shared = new LinkedHashMap<>(r.given());
        CHOICE_KEYS.forEach(shared::remove);
        List<NamedRun> runs = new ArrayList<>();
        List<Object> spelled = new ArrayList<>();
        for (int i = 0; i < read.entries().size(); i++) {
            Entry entry = read.entries().get(i);
            Map<String, Object> call = new LinkedHashMap<>(shared);
            call.put("method", ConfigReader.choiceName(entry.method()));
            call.putAll(entry.own());
            TrainConfig config;
            try {
                config = TrainConfig.of(graphName, call);
            } catch (IllegalArgumentException e) {
                // Not chained: Neo4j shows a failed call's root cause, which would lose which candidate failed.
                throw new IllegalArgumentException(KEY + " entry " + (i + 1) + " (" + describe(entry.method(),
                    entry.own()) + "): " + e.getMessage());
            }
            Map<String, Object> parameters = new LinkedHashMap<>();
            parameters.put("method", ConfigReader.choiceName(entry.method()));
            entry.own().keySet().forEach(key -> parameters.put(key, config.effective().get(key)));
            String name = describe(entry.method(), parameters);
            for (NamedRun earlier : runs) {
                if (earlier.effective().equals(config.effective())) {
                    throw invalid(r.given().get(KEY), "distinct candidates, but '" + name + "' is named twice"
                        + (name.equals(earlier.name()) ? "" : " (it trains as '" + earlier.name() + "' does)")
                        + "; name each candidate once");
                }
            }
            runs.add(new NamedRun(name, parameters, config.run(), config.effective()));
            spelled.add(entry.own().isEmpty() ? name : parameters);
        }
        effective.put(KEY, List.copyOf(spelled));
        return List.copyOf(runs);
    }

    /** 'tam', or 'graphsha {selfTrainingWeight: 0.0}' for a candidate with keys of its own. */
    private static String describe(Method method, Map<String, Object> keys) {
        StringBuilder text = new StringBuilder(ConfigReader.choiceName(method));
        String separator = " {";
        for (Map.Entry<String, Object> key : keys.entrySet()) {
            if (!key.getKey().equals("method")) {
                text.append(separator).append(key.getKey()).append(": ")
                    .append(shown(key.getValue()));
                separator = ", ";
            }
        }
        return separator.equals(", ") ? text.append('}').toString() : text.toString();
    }

    private static IllegalArgumentException invalid(Object value, String expected) {
        return new IllegalArgumentException("Invalid value " + shown(value) + " for configuration key `" + KEY
            + "`: expected " + expected);
    }

    /** A value as Cypher writes it: 'text', [a, b], {key: value}. */
    private static String shown(Object value) {
        if (value instanceof String text) {
            return "'" + text + "'";
        }
        if (value instanceof List<?> list) {
            return list.stream().map(CandidateMethodsKeys::shown).collect(Collectors.joining(", ", "[", "]"));
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(e -> e.getKey() + ": " + shown(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
        }
        return String.valueOf(value);
    }
}
