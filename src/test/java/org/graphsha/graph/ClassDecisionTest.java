package org.graphsha.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ClassDecisionTest {

    @Test
    void temperatureOneLeavesTheRowAsItIs() {
        double[] p = {0.2, 0.5, 0.3};
        assertSame(p, ClassDecision.none(3).calibrate(p));
    }

    /** q ∝ p^(1/T): for softmax rows this is softmax(z / T). */
    @Test
    void temperatureSoftensTheRowAndKeepsItsOrder() {
        double[] z = {2, 0, -1};
        double[] p = softmax(z, 1);
        ClassDecision d = new ClassDecision(DecisionRule.BALANCED, 2, new double[3], -1, Double.NaN);
        assertArrayEquals(softmax(z, 2), d.calibrate(p), 1e-12);
        assertEquals(0, d.classOf(p, d.calibrate(p)));
    }

    @Test
    void aThresholdFlagsThePositiveClassAtOrAboveIt() {
        ClassDecision d = new ClassDecision(DecisionRule.TARGET_PRECISION, 1, new double[2], 1, 0.3);
        assertEquals(1, d.classOf(new double[] {0.7, 0.3}, new double[] {0.7, 0.3}));
        assertEquals(0, d.classOf(new double[] {0.71, 0.29}, new double[] {0.71, 0.29}));
    }

    private static double[] softmax(double[] z, double t) {
        double[] out = new double[z.length];
        double sum = 0;
        for (int c = 0; c < z.length; c++) {
            out[c] = Math.exp(z[c] / t);
            sum += out[c];
        }
        for (int c = 0; c < z.length; c++) {
            out[c] /= sum;
        }
        return out;
    }
}
