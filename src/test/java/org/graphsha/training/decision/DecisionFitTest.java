package org.graphsha.training.decision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.DecisionRule;
import org.junit.jupiter.api.Test;

/** Each decision rule on a hand-made example: probabilities of a model that favours the rare class. */
class DecisionFitTest {

    /** Ten validation nodes, class 1 rare (3 nodes); the model gives class 1 too much probability. */
    private static final int[] TRUTH = {0, 0, 0, 0, 0, 0, 0, 1, 1, 1};
    private static final double[][] P = {
        {0.9, 0.1}, {0.8, 0.2}, {0.7, 0.3}, {0.45, 0.55}, {0.4, 0.6}, {0.35, 0.65}, {0.6, 0.4},
        {0.2, 0.8}, {0.1, 0.9}, {0.3, 0.7}};
    private static final int[] TRAINING_COUNTS = {70, 30};

    @Test
    void balancedIsTheArgmax() {
        ClassDecision d = fit(DecisionRule.BALANCED, null, Double.NaN).decision();
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1, 0, 1, 1, 1}, classes(d));
    }

    /** log(0.7) − log(0.3) moves the boundary to p1 = 0.7: only nodes above it stay class 1. */
    @Test
    void priorWeighsTheArgmaxByTheTrainingLabelsShares() {
        ClassDecision d = fit(DecisionRule.PRIOR, null, Double.NaN).decision();
        assertArrayEquals(new double[] {Math.log(0.7), Math.log(0.3)}, d.classOffsets(), 1e-12);
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0, 0, 1, 1, 0}, classes(d));
    }

    @Test
    void priorTakesAGivenPriorNormalised() {
        ClassDecision d = fit(DecisionRule.PRIOR, new double[] {1, 1}, Double.NaN).decision();
        assertArrayEquals(new double[] {Math.log(0.5), Math.log(0.5)}, d.classOffsets(), 1e-12);
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1, 0, 1, 1, 1}, classes(d));
    }

    /** The balanced argmax has macro-F1 0.70; an offset that puts the boundary between p1 0.65 and 0.7 gets every node right. */
    @Test
    void macroF1OffsetsReachTheBestSplitOfTheValidationNodes() {
        ClassDecision d = fit(DecisionRule.MACRO_F1, null, Double.NaN).decision();
        assertArrayEquals(TRUTH, classes(d));
    }

    /** Precision 1 is first reached by flagging the top 2 (0.9, 0.8); with 0.7 too it stays 1: 3 flags, recall 1. */
    @Test
    void targetPrecisionReportsItsThresholdAndKeepsTheMostRecall() {
        DecisionFit.Fitted fitted = fit(DecisionRule.TARGET_PRECISION, null, 1.0);
        ClassDecision d = fitted.decision();
        assertEquals(1, d.positiveClass());
        // Halfway between the lowest flagged score (0.7) and the next (0.65).
        assertEquals(0.675, d.threshold(), 1e-12);
        assertEquals(1.0, fitted.precision(), 1e-12);
        assertEquals(1.0, fitted.recall(), 1e-12);
        assertArrayEquals(TRUTH, classes(d));
    }

    @Test
    void targetPrecisionBelowOneFlagsMore() {
        // Flagging down to 0.65 gives 3 of 4 (0.75); down to 0.6, 3 of 5 (0.6), below the target.
        DecisionFit.Fitted fitted = fit(DecisionRule.TARGET_PRECISION, null, 0.75);
        assertEquals(0.75, fitted.precision(), 1e-12);
        assertEquals((0.65 + 0.6) / 2, fitted.decision().threshold(), 1e-12);
    }

    @Test
    void targetRecallTakesTheHighestThresholdThatReachesIt() {
        // Recall 2/3 is reached by flagging 0.9 and 0.8.
        DecisionFit.Fitted fitted = fit(DecisionRule.TARGET_RECALL, null, 0.6);
        assertEquals(2.0 / 3, fitted.recall(), 1e-12);
        assertEquals(0.75, fitted.decision().threshold(), 1e-12);
        assertEquals(1.0, fitted.precision(), 1e-12);
    }

    private static DecisionFit.Fitted fit(DecisionRule rule, double[] prior, double target) {
        return DecisionFit.fit(new DecisionOptions(rule, prior, target, true), 1, TRUTH, P, TRAINING_COUNTS);
    }

    private static int[] classes(ClassDecision d) {
        int[] out = new int[P.length];
        for (int i = 0; i < P.length; i++) {
            out[i] = d.classOf(P[i], d.calibrate(P[i]));
        }
        return out;
    }
}
