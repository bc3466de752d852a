package org.graphsha.training.augment;

import org.graphsha.training.CoraLt;
import org.graphsha.training.loop.Trainer;
import org.graphsha.training.loop.TrainerOptions;
import org.graphsha.training.loop.TrainingResult;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.data.Snapshots;
import org.graphsha.data.SplitRole;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.junit.jupiter.api.Test;

class SelfTrainingTest {

    /** Node 0 trains, 1 validates, 2 tests, 3 is unlabeled, 4 was removed by the split. */
    private static final GraphSnapshot GRAPH = Snapshots.of(new EdgeList(new int[] {1, 2, 3}, new int[] {0, 0, 0}),
        new SparseFeatures(5, 1, new int[] {0, 1, 2, 3, 4, 5}, new int[] {0, 0, 0, 0, 0}, new float[] {1, 1, 1, 1, 1}),
        new int[] {0, 1, 1, -1, 0}, 2,
        new SplitRole[] {SplitRole.TRAIN, SplitRole.VAL, SplitRole.TEST, SplitRole.NONE, SplitRole.REMOVED});

    /** Every node very confident in class 0 except node 2, which is unsure. */
    private static final float[] LOGITS = {9, 0, 9, 0, 0.1f, 0, 9, 0, 9, 0};
    private static final int[] PREDICTIONS = {0, 0, 0, 0, 0};

    @Test
    void confidentCandidatesOutsideTheTrainingSetAndTheRemovedNodesArePseudoLabeled() {
        SelfTraining selfTraining = new SelfTraining(GRAPH, new SelfTrainingOptions(1, 3));
        selfTraining.choose(3, LOGITS, PREDICTIONS);
        // Candidates 1, 2, 3 (never 0, which trains, or 4, which was removed); 2 is below the mean confidence.
        assertEquals(2, selfTraining.size());
    }

    @Test
    void nothingIsPseudoLabeledBeforeTheWarmUpEndsOrWhenTheWeightIsZero() {
        SelfTraining early = new SelfTraining(GRAPH, new SelfTrainingOptions(1, 3));
        early.choose(2, LOGITS, PREDICTIONS);
        assertEquals(0, early.size());
        SelfTraining off = new SelfTraining(GRAPH, new SelfTrainingOptions(0, 0));
        off.choose(5, LOGITS, PREDICTIONS);
        assertEquals(0, off.size());
    }

    @Test
    void pseudoLabelsChangeTheTrainedModelReproducibly() {
        TrainerOptions plain = TrainerOptions.defaults(org.graphsha.nn.BackboneKind.GCN).withEpochs(30);
        TrainerOptions selfTrained = plain.withAugmentation(new SelfTrainingOptions(1, 10));
        TrainingResult before = Trainer.train(CoraLt.snapshot(), plain);
        TrainingResult first = Trainer.train(CoraLt.snapshot(), selfTrained);
        TrainingResult second = Trainer.train(CoraLt.snapshot(), selfTrained);
        org.junit.jupiter.api.Assertions.assertArrayEquals(first.logits(), second.logits());
        org.junit.jupiter.api.Assertions.assertFalse(java.util.Arrays.equals(before.logits(), first.logits()),
            "the pseudo-label loss must change the model");
    }
}
