package org.graphsha.method.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.training.loop.EpochListener;
import org.junit.jupiter.api.Test;

/** The selection loop with candidates whose predictions are fixed rules, so the scores are known exactly. */
class CrossValidationTest {

    private static final int N = 40;

    /** Classes 0 (24 nodes) and 1 (16 nodes); nodes 0..29 train, 30..34 validate, 35..39 test. */
    private static GraphSnapshot snapshot() {
        int[] classes = new int[N];
        boolean[] train = new boolean[N];
        boolean[] val = new boolean[N];
        boolean[] test = new boolean[N];
        for (int v = 0; v < N; v++) {
            classes[v] = v % 5 < 3 ? 0 : 1;
            train[v] = v < 30;
            val[v] = v >= 30 && v < 35;
            test[v] = v >= 35;
        }
        return new GraphSnapshot(null, null, classes, 2, train, val, test);
    }

    @Test
    void scoresTheHeldOutNodesAndPicksTheBestMean() {
        GraphSnapshot graph = snapshot();
        RuleCandidate majority = new RuleCandidate("majority", v -> 0);
        RuleCandidate perfect = new RuleCandidate("perfect", v -> graph.classes()[v]);
        SelectionStats stats = CrossValidation.run(graph, List.of(majority, perfect), 3, 100, EpochListener.NONE,
            CrossValidation.FoldListener.NONE);
        for (int f = 0; f < 3; f++) {
            assertEquals(0.5, stats.scores()[0][f], 1e-12, "majority: recall 1 and 0");
            assertEquals(1.0, stats.scores()[1][f], 1e-12);
        }
        assertEquals(1, stats.winner());
        assertEquals("perfect", stats.chosen());
        assertEquals(0, stats.std(1), 1e-12);
        assertEquals(30, stats.foldSizes()[0] + stats.foldSizes()[1] + stats.foldSizes()[2]);
        Map<String, Object> map = stats.toMap();
        assertEquals("perfect", map.get("chosenMethod"));
        assertEquals(3L, map.get("validationFolds"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> candidates = (List<Map<String, Object>>) map.get("modelCandidates");
        assertEquals("majority", candidates.get(0).get("method"));
        assertEquals(0.5, (Double) ((Map<?, ?>) candidates.get(0).get("validation")).get("avg"), 1e-12);
        assertEquals(List.of(7L, 7L, 7L), candidates.get(1).get("selectedEpochs"));
    }

    @Test
    void equalMeansGoToTheEarlierCandidate() {
        GraphSnapshot graph = snapshot();
        RuleCandidate first = new RuleCandidate("first", v -> graph.classes()[v]);
        RuleCandidate second = new RuleCandidate("second", v -> graph.classes()[v]);
        RuleCandidate worse = new RuleCandidate("worse", v -> 1);
        assertEquals("first", CrossValidation.run(graph, List.of(worse, first, second), 2, 5, EpochListener.NONE,
            CrossValidation.FoldListener.NONE).chosen());
        assertEquals("second", CrossValidation.run(graph, List.of(worse, second, first), 2, 5, EpochListener.NONE,
            CrossValidation.FoldListener.NONE).chosen());
    }

    @Test
    void eachFoldTrainsWithoutItsHeldOutNodesKeepsTheValidationNodesAndSharesOneSeed() {
        GraphSnapshot graph = snapshot();
        RuleCandidate a = new RuleCandidate("a", v -> 0);
        RuleCandidate b = new RuleCandidate("b", v -> 1);
        CrossValidation.run(graph, List.of(a, b), 3, 100, EpochListener.NONE, CrossValidation.FoldListener.NONE);
        assertEquals(3, a.seen().size());
        for (int f = 0; f < 3; f++) {
            GraphSnapshot fold = a.seen().get(f);
            assertEquals(a.seeds().get(f), b.seeds().get(f), "candidates of a fold share its seed");
            assertEquals(CrossValidation.foldSeed(100, f), a.seeds().get(f));
            int held = 0;
            for (int v = 0; v < N; v++) {
                assertEquals(graph.valMask()[v], fold.valMask()[v], "validation nodes unchanged");
                if (graph.trainMask()[v] && !fold.trainMask()[v]) {
                    held++;
                    assertTrue(fold.testMask()[v], "held-out node " + v + " is scored, so it is in the test mask");
                }
                assertTrue(!fold.trainMask()[v] || graph.trainMask()[v]);
                assertTrue(!graph.testMask()[v] || fold.testMask()[v], "the run's test nodes stay in the test mask");
            }
            assertEquals(10, held);
        }
        assertNotEquals(a.seeds().get(0), a.seeds().get(1));
        assertNotEquals(100L, a.seeds().get(0), "fold runs do not replay the final run's seed");
        assertEquals(CrossValidation.foldSeed(100, 2), CrossValidation.foldSeed(100, 2));
        assertTrue(CrossValidation.foldSeed(100, 2) >= 0 && CrossValidation.foldSeed(100, 2) < Integer.MAX_VALUE);
    }
}
