package org.graphsha.evaluation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Hand-computed cases with scikit-learn's semantics (values checked against sklearn by hand). */
class MetricsTest {

    @Test
    void perfectPrediction() {
        int[] y = {0, 1, 2, 2};
        Evaluation e = Metrics.evaluate(y, y, 3);
        assertEquals(1.0, e.accuracy(), 1e-12);
        assertEquals(1.0, e.balancedAccuracy(), 1e-12);
        assertEquals(1.0, e.macroF1(), 1e-12);
    }

    @Test
    void classMissingFromPredictionsCountsAsZeroF1AndZeroRecall() {
        // y_true = [0,0,1,1,2], y_pred = [0,0,0,1,1]: class 2 is never predicted.
        int[] t = {0, 0, 1, 1, 2};
        int[] p = {0, 0, 0, 1, 1};
        Evaluation e = Metrics.evaluate(t, p, 3);
        assertEquals(3.0 / 5, e.accuracy(), 1e-12);
        // recall: 2/2, 1/2, 0/1 -> mean 0.5
        assertEquals(0.5, e.balancedAccuracy(), 1e-12);
        // F1: class0 P=2/3 R=1 -> 0.8; class1 P=1/2 R=1/2 -> 0.5; class2 -> 0 => mean 1.3/3
        assertEquals(1.3 / 3, e.macroF1(), 1e-12);
        assertArrayEquals(new double[] {0.8, 0.5, 0.0}, e.perClassF1(), 1e-12);
        assertArrayEquals(new int[][] {{2, 0, 0}, {1, 1, 0}, {0, 1, 0}}, e.confusion());
    }

    @Test
    void classOnlyInPredictionsEntersF1ButNotBalancedAccuracy() {
        // y_true = [0,0,1,1], y_pred = [0,2,1,1]; class 2 absent from y_true, present in y_pred.
        int[] t = {0, 0, 1, 1};
        int[] p = {0, 2, 1, 1};
        Evaluation e = Metrics.evaluate(t, p, 4);
        assertEquals(0.75, e.accuracy(), 1e-12);
        // sklearn balanced_accuracy_score: recall over classes in y_true only: (1/2 + 1)/2
        assertEquals(0.75, e.balancedAccuracy(), 1e-12);
        // f1_score(average='macro') over labels {0,1,2}: class0 P=1 R=1/2 -> 2/3; class1 -> 1; class2 -> 0
        assertEquals((2.0 / 3 + 1 + 0) / 3, e.macroF1(), 1e-12);
        // class 3 is in neither: not counted anywhere
        assertTrue(Double.isNaN(e.perClassF1()[3]));
        assertTrue(Double.isNaN(e.perClassRecall()[3]));
        assertTrue(Double.isNaN(e.perClassRecall()[2]));
    }

    @Test
    void allWrong() {
        int[] t = {0, 1};
        int[] p = {1, 0};
        Evaluation e = Metrics.evaluate(t, p, 2);
        assertEquals(0, e.accuracy(), 1e-12);
        assertEquals(0, e.balancedAccuracy(), 1e-12);
        assertEquals(0, e.macroF1(), 1e-12);
        assertEquals(0, e.selectionScore(), 1e-12);
    }

    @Test
    void precisionPerClassCountsANeverPredictedClassAsZeroAndAnUnseenOneAsNaN() {
        // y_true = [0,0,1,1,2], y_pred = [0,0,0,1,1], four classes: class 2 is never predicted, class 3 nowhere.
        int[] t = {0, 0, 1, 1, 2};
        int[] p = {0, 0, 0, 1, 1};
        Evaluation e = Metrics.evaluate(t, p, 4);
        assertArrayEquals(new int[][] {{2, 0, 0, 0}, {1, 1, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}}, e.confusion());
        double[] precision = e.perClassPrecision();
        // class 0: TP 2 of 3 predicted; class 1: TP 1 of 2 predicted; class 2: none predicted -> 0.
        assertEquals(2.0 / 3, precision[0], 1e-12);
        assertEquals(0.5, precision[1], 1e-12);
        assertEquals(0.0, precision[2], 1e-12);
        assertTrue(Double.isNaN(precision[3]));
        // recall: 2/2, 1/2, 0/1; F1 = 2PR/(P+R): 0.8, 0.5, 0.
        assertArrayEquals(new double[] {1.0, 0.5, 0.0}, java.util.Arrays.copyOf(e.perClassRecall(), 3), 1e-12);
        assertArrayEquals(new double[] {0.8, 0.5, 0.0}, java.util.Arrays.copyOf(e.perClassF1(), 3), 1e-12);
    }
}
