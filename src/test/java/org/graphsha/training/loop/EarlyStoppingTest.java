package org.graphsha.training.loop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graphsha.training.CoraLt;
import org.graphsha.training.selection.EarlyStopping;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.nn.BackboneKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** GDS's patience and tolerance on Cora-LT, through the one loop that every backbone and method trains in. */
class EarlyStoppingTest {

    private static final int EPOCHS = 400;
    private static final int PATIENCE = 5;

    @ParameterizedTest
    @EnumSource(BackboneKind.class)
    void patienceFiveStopsLongBeforeTheLastEpochAndKeepsTheBestEpochSeen(BackboneKind kind) {
        GraphSnapshot g = CoraLt.snapshot();
        TrainingResult r = Trainer.train(g, TrainerOptions.defaults(kind).withEpochs(EPOCHS)
            .withEarlyStopping(new EarlyStopping(PATIENCE, 0.001)));
        assertTrue(r.stoppedEpoch() >= PATIENCE && r.stoppedEpoch() < 150,
            kind + " stopped at epoch " + r.stoppedEpoch() + " of " + EPOCHS);
        assertEquals(r.stoppedEpoch() + 1, r.epochsTrained());
        // The last productive epoch beat every earlier one, so the kept epoch is it or one of the patience after it.
        assertTrue(r.bestEpoch() >= r.stoppedEpoch() - PATIENCE && r.bestEpoch() <= r.stoppedEpoch(),
            "kept epoch " + r.bestEpoch() + ", stopped at " + r.stoppedEpoch());
    }

    @Test
    void anEarlyStoppedRunIsTheFixedLengthRunOfTheSameEpochs() {
        GraphSnapshot g = CoraLt.snapshot();
        TrainerOptions options = TrainerOptions.defaults(BackboneKind.GCN).withEpochs(EPOCHS);
        TrainingResult stopped = Trainer.train(g, options.withEarlyStopping(
            new EarlyStopping(PATIENCE, 0.001)));
        TrainingResult fixed = Trainer.train(g, options.withEpochs(stopped.stoppedEpoch() + 1));
        assertEquals(-1, fixed.stoppedEpoch());
        assertEquals(fixed.bestEpoch(), stopped.bestEpoch());
        assertArrayEquals(fixed.logits(), stopped.logits());
    }

    @Test
    void offByDefaultEveryEpochTrains() {
        TrainingResult r = Trainer.train(CoraLt.snapshot(), TrainerOptions.defaults(BackboneKind.GCN).withEpochs(3));
        assertEquals(-1, r.stoppedEpoch());
        assertEquals(3, r.epochsTrained());
    }

    @Test
    void aHigherToleranceStopsNoLater() {
        GraphSnapshot g = CoraLt.snapshot();
        TrainerOptions options = TrainerOptions.defaults(BackboneKind.SIGN).withEpochs(EPOCHS);
        int strict = Trainer.train(g, options.withEarlyStopping(new EarlyStopping(PATIENCE, 0)))
            .epochsTrained();
        int loose = Trainer.train(g, options.withEarlyStopping(new EarlyStopping(PATIENCE, 0.05)))
            .epochsTrained();
        assertTrue(loose <= strict, "tolerance 0.05 trained " + loose + " epochs, tolerance 0 " + strict);
    }

    @Test
    void negativePatienceOrToleranceIsRefused() {
        assertEquals("patience must be >= 0 (0 trains every epoch), but was -1", assertThrows(
            IllegalArgumentException.class, () -> new EarlyStopping(-1, 0.001)).getMessage());
        assertEquals("tolerance must be a finite number >= 0, but was -0.5", assertThrows(
            IllegalArgumentException.class, () -> new EarlyStopping(5, -0.5)).getMessage());
    }
}
