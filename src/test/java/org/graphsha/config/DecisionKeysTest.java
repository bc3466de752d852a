package org.graphsha.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graphsha.graph.DecisionRule;
import org.graphsha.training.decision.DecisionOptions;
import org.junit.jupiter.api.Test;

/** calibration, decisionRule, classPrior and decisionTarget as a train call reads them and a stored model keeps them. */
class DecisionKeysTest {

    @Test
    void withoutKeysTheRuleIsTheBalancedArgmaxOnCalibratedProbabilities() {
        TrainConfig config = TrainConfig.of("g", Map.of("modelName", "m"));
        assertEquals(DecisionRule.BALANCED, config.decision().rule());
        assertTrue(config.decision().calibrate());
        assertEquals("balanced", config.effective().get("decisionRule"));
        assertEquals("temperature", config.effective().get("calibration"));
        assertFalse(config.effective().containsKey("classPrior"));
        assertFalse(config.effective().containsKey("decisionTarget"));
    }

    @Test
    void aGivenPriorAndTargetAreKeptAndReadBackFromAStoredConfiguration() {
        TrainConfig prior = TrainConfig.of("g", Map.of("modelName", "m", "decisionRule", "prior",
            "classPrior", List.of(98L, 2.0), "calibration", "none"));
        assertArrayEquals(new double[] {98, 2}, prior.decision().classPrior());
        assertFalse(prior.decision().calibrate());
        assertEquals(List.of(98.0, 2.0), prior.effective().get("classPrior"));
        DecisionOptions stored = TrainConfig.ofStored("g", prior.effective()).decision();
        assertEquals(DecisionRule.PRIOR, stored.rule());
        assertArrayEquals(new double[] {98, 2}, stored.classPrior());
        assertFalse(stored.calibrate());
        TrainConfig target = TrainConfig.of("g", Map.of("modelName", "m", "decisionRule", "targetRecall",
            "decisionTarget", 1L));
        assertEquals(1.0, target.decision().target());
        assertEquals(1.0, TrainConfig.ofStored("g", target.effective()).decision().target());
    }

    @Test
    void candidatesShareTheCallsRule() {
        TrainConfig config = TrainConfig.of("g", Map.of("modelName", "m", "candidateMethods", List.of("graphsha", "tam"),
            "decisionRule", "macroF1"));
        assertEquals(DecisionRule.MACRO_F1, config.decision().rule());
        assertEquals("macroF1", config.chosenConfiguration(1).get("decisionRule"));
    }

    @Test
    void thePriorsLengthIsCheckedAgainstTheTargetsClasses() {
        DecisionOptions options = TrainConfig.of("g", Map.of("modelName", "m", "decisionRule", "prior",
            "classPrior", List.of(0.5, 0.3, 0.2))).decision();
        options.requireFits(new Object[] {"a", "b", "c"});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> options.requireFits(new Object[] {"fraud", "normal"}));
        assertEquals("classPrior: [0.5, 0.3, 0.2] has 3 numbers, but the target has 2 classes [fraud, normal]; give one "
            + "positive number per class, in this order", e.getMessage());
    }
}
