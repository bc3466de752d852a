package org.graphsha.method.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.training.loop.EpochListener;
import org.junit.jupiter.api.Test;

/** Scoring the candidates on the validation nodes, and {@code candidateScoring: 'auto'}'s choice between the two. */
class ValidationScoringTest {

    /**
     * Classes 0 and 1 alternate over {@code n} nodes; the first half trains, then {@code validation} nodes validate,
     * the rest test.
     */
    private static GraphSnapshot snapshot(int n, int validation) {
        int[] classes = new int[n];
        boolean[] train = new boolean[n];
        boolean[] val = new boolean[n];
        boolean[] test = new boolean[n];
        for (int v = 0; v < n; v++) {
            classes[v] = v % 2;
            train[v] = v < n / 2;
            val[v] = v >= n / 2 && v < n / 2 + validation;
            test[v] = v >= n / 2 + validation;
        }
        return new GraphSnapshot(null, null, classes, 2, train, val, test);
    }

    @Test
    void eachCandidateTrainsOnceOnTheWholeSplitAndTheBestValidationBalancedAccuracyWins() {
        GraphSnapshot graph = snapshot(80, 24);
        RuleCandidate majority = new RuleCandidate("majority", v -> 0);
        RuleCandidate perfect = new RuleCandidate("perfect", v -> graph.classes()[v]);
        // Right on class 1, and on class 0 only below node 46: recall 1 and 3/12.
        RuleCandidate partial = new RuleCandidate("partial", v -> v < 46 ? graph.classes()[v] : 1);
        SelectionStats stats = ValidationScoring.run(graph, List.of(majority, perfect, partial), 42, EpochListener.NONE,
            CrossValidation.FoldListener.NONE);
        assertEquals(CandidateScoring.VALIDATION, stats.scoring());
        assertEquals(0.5, stats.mean(0), 1e-12);
        assertEquals(1.0, stats.mean(1), 1e-12);
        assertEquals((1.0 + 3.0 / 12) / 2, stats.mean(2), 1e-12);
        assertEquals("perfect", stats.chosen());
        for (RuleCandidate rule : List.of(majority, perfect, partial)) {
            assertEquals(List.of(42L), rule.seeds(), "one run, with the run's own seed");
            assertSame(graph, rule.seen().get(0), "on the whole split, unchanged");
        }
        Map<String, Object> map = stats.toMap();
        assertEquals("validation", map.get("candidateScoring"));
        assertEquals(24L, map.get("validationNodes"));
        assertFalse(map.containsKey("validationFolds"));
        @SuppressWarnings("unchecked")
        Map<String, Object> validation = (Map<String, Object>) ((List<Map<String, Object>>) map.get("modelCandidates"))
            .get(2).get("validation");
        assertEquals(stats.mean(2), (Double) validation.get("avg"), 1e-12);
        assertFalse(validation.containsKey("folds"));
    }

    @Test
    void autoScoresOnTheValidationNodesOnlyWhenEveryClassHasTenOfThem() {
        assertEquals(CandidateScoring.VALIDATION, CandidateScoring.AUTO.resolve(new int[] {10, 31}));
        assertEquals(CandidateScoring.FOLDS, CandidateScoring.AUTO.resolve(new int[] {9, 31}));
        assertEquals(CandidateScoring.FOLDS, CandidateScoring.FOLDS.resolve(new int[] {10, 31}));
        assertEquals(CandidateScoring.VALIDATION, CandidateScoring.VALIDATION.resolve(new int[] {2, 31}));

        MethodCandidates auto = new MethodCandidates(List.of("graphsha", "tam"), CandidateScoring.AUTO, 3);
        GraphSnapshot large = snapshot(80, 20);
        GraphSnapshot small = snapshot(80, 18);
        assertEquals(CandidateScoring.VALIDATION, auto.scoringOf(large));
        assertEquals(2, auto.scoringRuns(large));
        assertEquals(CandidateScoring.FOLDS, auto.scoringOf(small));
        assertEquals(6, auto.scoringRuns(small));
        RuleCandidate perfect = new RuleCandidate("perfect", v -> v % 2);
        RuleCandidate majority = new RuleCandidate("majority", v -> 0);
        assertEquals(CandidateScoring.VALIDATION, auto.score(large, List.of(perfect, majority), 5, EpochListener.NONE,
            CrossValidation.FoldListener.NONE).scoring());
    }
}
