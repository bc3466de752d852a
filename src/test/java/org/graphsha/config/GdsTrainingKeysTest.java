package org.graphsha.config;

import static org.graphsha.config.TrainCalls.config;
import static org.graphsha.config.TrainCalls.error;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.graphsha.training.loop.TrainerOptions;
import org.graphsha.training.selection.EarlyStopping;
import org.junit.jupiter.api.Test;

/** GDS's patience, tolerance, classWeights and focusWeight on graphsha.train: read, defaults off, bad input refused. */
class GdsTrainingKeysTest {

    @Test
    void byDefaultTrainingRunsEveryEpochOnTheMethodsOwnLoss() {
        TrainConfig c = TrainConfig.of("g", config(Map.of()));
        assertEquals(EarlyStopping.OFF, c.earlyStopping());
        assertSame(TrainerOptions.LossWeights.NONE, c.lossWeights());
        assertEquals(0L, c.effective().get("patience"));
        assertEquals(false, c.effective().containsKey("classWeights"));
    }

    @Test
    void theKeysAreRead() {
        TrainConfig c = TrainConfig.of("g", config(Map.of("patience", 5, "tolerance", 0.01,
            "classWeights", List.of(1, 2.5), "focusWeight", 2, "method", "vanilla")));
        assertEquals(new EarlyStopping(5, 0.01), c.earlyStopping());
        assertArrayEquals(new double[] {1, 2.5}, c.lossWeights().classWeights());
        assertEquals(2f, c.lossWeights().focusWeight());
        assertEquals(List.of(1.0, 2.5), c.effective().get("classWeights"));
    }

    @Test
    void negativeOrOtherwiseBadValuesAreRefusedNamingKeyAndValue() {
        assertEquals("Invalid value -1 for configuration key `patience`: expected an integer in 0..1000000",
            error(Map.of("patience", -1)));
        assertEquals("Invalid value -0.5 for configuration key `tolerance`: expected a number in [0.0, 1.0]",
            error(Map.of("tolerance", -0.5)));
        assertEquals("Invalid value -1.0 for configuration key `focusWeight`: expected a number in [0.0, 100.0]",
            error(Map.of("focusWeight", -1.0)));
        assertEquals("Invalid value [1.0, -2.0] for configuration key `classWeights`: expected a list of numbers "
            + ">= 0, one per class in the order of the sorted class values, e.g. [1.0, 10.0]",
            error(Map.of("classWeights", List.of(1.0, -2.0))));
        assertEquals("classWeights: [0.0, 0.0] weighs every class 0, so nothing would be learned; give at least one "
            + "class a positive weight", error(Map.of("classWeights", List.of(0.0, 0.0))));
    }

    @Test
    void weightsOfAnotherCountThanTheClassesAreRefused() {
        TrainerOptions.LossWeights weights = new TrainerOptions.LossWeights(new double[] {1, 2, 3}, 0f);
        weights.requireFits(new Object[] {"a", "b", "c"});
        assertEquals("classWeights: [1.0, 2.0, 3.0] has 3 numbers, but the target has 2 classes [false, true]; give "
            + "one weight per class, in this order", assertThrows(IllegalArgumentException.class,
                () -> weights.requireFits(new Object[] {false, true})).getMessage());
    }

    @Test
    void methodsWithALossOfTheirOwnRefuseTheImbalanceKeys() {
        for (String method : List.of("reweight", "pcSoftmax", "cbLoss", "focal", "reNode")) {
            String message = error(Map.of("method", method, "classWeights", List.of(1.0, 3.0)));
            assertEquals("classWeights: [1.0, 3.0] needs method 'graphsha', 'vanilla', 'upsample', 'graphEns', 'tam', "
                + "'graphSmote', the methods that train on plain cross-entropy; reweight, pcSoftmax, cbLoss, focal, "
                + "reNode and tamReNode each set their own class weights or loss, which these keys would change into "
                + "another method, but method is '" + method + "'; leave classWeights out for other methods", message);
            error(Map.of("method", method, "focusWeight", 1.0));
        }
        for (String method : List.of("graphsha", "vanilla", "upsample", "graphEns", "tam", "graphSmote")) {
            TrainConfig.of("g", config(Map.of("method", method, "classWeights", List.of(1.0, 3.0), "focusWeight", 1.0)));
        }
    }
}
