package org.graphsha.training.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.data.Snapshots;
import org.graphsha.data.SplitRole;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.ParameterSet;
import org.junit.jupiter.api.Test;

class ModelSelectionTest {

    /** Nodes 0 and 1 validate (classes 0 and 1), nodes 2 and 3 test. */
    private static final GraphSnapshot GRAPH = Snapshots.of(new EdgeList(new int[] {1, 3}, new int[] {0, 2}),
        new SparseFeatures(4, 1, new int[] {0, 1, 2, 3, 4}, new int[] {0, 0, 0, 0}, new float[] {1, 1, 1, 1}),
        new int[] {0, 1, 0, 1}, 2, new SplitRole[] {SplitRole.VAL, SplitRole.VAL, SplitRole.TEST, SplitRole.TEST});

    /** Both validation nodes right with the given margin; the test nodes follow {@code testRight}. */
    private static float[] logits(float margin, boolean testRight) {
        float t = testRight ? margin : -margin;
        return new float[] {margin, 0, 0, margin, t, 0, 0, t};
    }

    private static int kept(SelectionTieBreak rule) {
        ModelSelection selection = new ModelSelection(new LogitReadout(GRAPH, false), new int[] {0, 1},
            new int[] {2, 3}, rule, 1);
        ParameterSet params = new ParameterSet();
        selection.offer(0, logits(0.1f, false), params);
        selection.offer(1, logits(3f, true), params);
        // A wrong validation node: a lower score, however confident, is never kept.
        selection.offer(2, new float[] {9, 0, 9, 0, 9, 0, 0, 9}, params);
        return selection.selected(2, logits(0, false), params).epoch();
    }

    @Test
    void theReferenceRuleKeepsTheFirstOfEqualScores() {
        assertEquals(0, kept(SelectionTieBreak.FIRST));
    }

    @Test
    void theValidationLossRuleKeepsTheMoreConfidentOfEqualScores() {
        assertEquals(1, kept(SelectionTieBreak.VALIDATION_LOSS));
    }

    @Test
    void aWindowKeepsTheEpochWhoseRecentScoresAreBestNotOneLuckyEpoch() {
        ModelSelection selection = new ModelSelection(new LogitReadout(GRAPH, false), new int[] {0, 1},
            new int[] {2, 3}, SelectionTieBreak.FIRST, 3);
        ParameterSet params = new ParameterSet();
        float[] right = logits(3f, true);
        float[] wrong = new float[] {0, 9, 9, 0, 0, 9, 9, 0};
        // Epoch 1 is right alone (a lucky epoch); epochs 4..6 are right three times in a row.
        float[][] epochs = {wrong, right, wrong, wrong, right, right, right, wrong};
        for (int e = 0; e < epochs.length; e++) {
            selection.offer(e, epochs[e], params);
        }
        assertEquals(6, selection.selected(7, wrong, params).epoch());
    }

    /** Offered the validation rows only, it predicts those (the test rows' logits are zeros there) and scores them. */
    @Test
    void validationRowsOnlyArePredictedAndScoredLikeEveryRow() {
        ModelSelection every = new ModelSelection(new LogitReadout(GRAPH, false), new int[] {0, 1},
            new int[] {2, 3}, SelectionTieBreak.FIRST, 1);
        ModelSelection some = new ModelSelection(new LogitReadout(GRAPH, false), new int[] {0, 1},
            new int[] {2, 3}, SelectionTieBreak.FIRST, 1);
        some.offeredValidationRowsOnly();
        ParameterSet params = new ParameterSet();
        float[][] epochs = {{0, 1, 0, 1, 5, 0, 0, 5}, {1, 0, 0, 1, 0, 5, 5, 0}, {1, 0, 1, 0, 5, 0, 5, 0}};
        for (int e = 0; e < epochs.length; e++) {
            float[] validationOnly = epochs[e].clone();
            java.util.Arrays.fill(validationOnly, 4, 8, 0f);
            ModelSelection.Scored all = every.offer(e, epochs[e], params);
            ModelSelection.Scored rows = some.offer(e, validationOnly, params);
            assertEquals(all.validation().accuracy(), rows.validation().accuracy(), "epoch " + e);
            assertEquals(all.improved(), rows.improved(), "epoch " + e);
            assertEquals(all.predictions()[0], rows.predictions()[0]);
            assertEquals(all.predictions()[1], rows.predictions()[1]);
        }
        assertEquals(every.selected(2, epochs[2], params).epoch(), some.selected(2, epochs[2], params).epoch());
    }
}
