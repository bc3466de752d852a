package org.graphsha.training.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.graphsha.evaluation.CalibrationError;
import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.DecisionRule;
import org.junit.jupiter.api.Test;

class TemperatureScalingTest {

    /**
     * An overconfident three-class model: its true logits are scaled by 4, so its probabilities claim far more than
     * its accuracy. T fitted on one half must come out near 4 and lower the ECE on the other half, which it never saw.
     */
    @Test
    void lowersTheCalibrationErrorOnHeldOutNodes() {
        SplittableRandom random = new SplittableRandom(7);
        int n = 4000;
        int[] truth = new int[n];
        double[][] p = new double[n][3];
        for (int i = 0; i < n; i++) {
            double[] z = {random.nextGaussian(), random.nextGaussian(), random.nextGaussian()};
            // The class is drawn from softmax(z): the calibrated probabilities are softmax(z).
            double[] calibrated = softmax(z, 1);
            double u = random.nextDouble();
            truth[i] = u < calibrated[0] ? 0 : u < calibrated[0] + calibrated[1] ? 1 : 2;
            p[i] = softmax(z, 4);
        }
        int half = n / 2;
        int[] fitTruth = java.util.Arrays.copyOfRange(truth, 0, half);
        double[][] fitRows = java.util.Arrays.copyOfRange(p, 0, half);
        int[] heldTruth = java.util.Arrays.copyOfRange(truth, half, n);
        double[][] heldRows = java.util.Arrays.copyOfRange(p, half, n);

        double temperature = TemperatureScaling.fit(fitTruth, fitRows);
        assertEquals(4, temperature, 0.6);
        ClassDecision decision = new ClassDecision(DecisionRule.BALANCED, temperature, new double[3], -1, Double.NaN);
        double[][] calibrated = new double[heldRows.length][];
        for (int i = 0; i < heldRows.length; i++) {
            calibrated[i] = decision.calibrate(heldRows[i]);
        }
        double before = CalibrationError.expected(heldTruth, heldRows);
        double after = CalibrationError.expected(heldTruth, calibrated);
        assertTrue(before > 0.15, "the made-up model is overconfident: ECE " + before);
        assertTrue(after < before / 3, "ECE " + before + " -> " + after);
    }

    @Test
    void keepsTemperatureOneWithoutNodes() {
        assertEquals(1, TemperatureScaling.fit(new int[0], new double[0][]));
    }

    @Test
    void theSameInputGivesTheSameTemperature() {
        int[] truth = {0, 1, 1, 0, 1};
        double[][] p = {{0.9, 0.1}, {0.2, 0.8}, {0.6, 0.4}, {0.3, 0.7}, {0.99, 0.01}};
        assertEquals(TemperatureScaling.fit(truth, p), TemperatureScaling.fit(truth, p));
    }

    private static double[] softmax(double[] z, double scale) {
        double[] out = new double[z.length];
        double max = Double.NEGATIVE_INFINITY;
        for (double v : z) {
            max = Math.max(max, v * scale);
        }
        double sum = 0;
        for (int c = 0; c < z.length; c++) {
            out[c] = Math.exp(z[c] * scale - max);
            sum += out[c];
        }
        for (int c = 0; c < z.length; c++) {
            out[c] /= sum;
        }
        return out;
    }
}
