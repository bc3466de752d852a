package org.graphsha.synthesis.ens;

import org.graphsha.synthesis.ChiSquare;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;

class SalientFeaturesTest {

    @Test
    void usedCountIsMaxOfOneAndSigmoidOfKlOverThreeTimesK() {
        // K = floor(1433 · 0.01) = 14 on Cora; KL = 0 gives sigmoid 0.5, so 7 features
        assertEquals(14, EnsOptions.graphEns().salientFeatureCount(1433));
        assertEquals(37, EnsOptions.graphEns().salientFeatureCount(3703));
        assertEquals(7, SalientFeatures.usedCount(14, 0));
        // sigmoid(3/3) = 0.7311 -> floor(10.24) = 10
        assertEquals(10, SalientFeatures.usedCount(14, 3));
        assertEquals(14, SalientFeatures.usedCount(14, 1000));
        // floor(0.5) = 0 is raised to 1: the reference repeats the first drawn index instead
        assertEquals(1, SalientFeatures.usedCount(1, 0));
        assertEquals(0, SalientFeatures.usedCount(0, 5), "no salient features when K = 0");
    }

    @Test
    void weightsAreAbsoluteGradientPlusFloor() {
        float[] gradients = {0f, 0f, 0f, 1f, -3f, 0f};
        SalientFeatures.Row row = SalientFeatures.Row.of(gradients, 1, 3);
        assertArrayEquals(new double[] {1 + 1e-10, 3 + 1e-10, 1e-10}, row.raw(), 1e-15);
    }

    @Test
    void drawsAreSequentialWeightedSamplingWithoutReplacement() {
        float[] gradient = {1, -2, 3, 4};
        SalientFeatures.Row row = SalientFeatures.Row.of(gradient, 0, 4);
        RandomGenerator random = new SplittableRandom(5);
        long[] pairs = new long[16];
        int draws = 100_000;
        for (int i = 0; i < draws; i++) {
            int[] d = row.draw(2, random);
            pairs[d[0] * 4 + d[1]]++;
        }
        double[] p = new double[16];
        double total = 10;
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                if (i != j) {
                    double wi = Math.abs(gradient[i]);
                    p[i * 4 + j] = wi / total * Math.abs(gradient[j]) / (total - wi);
                }
            }
        }
        double statistic = ChiSquare.statistic(pairs, p);
        assertTrue(statistic < ChiSquare.critical999(11), "chi-square " + statistic);
    }

    @Test
    void concentratedWeightStillGivesDistinctFeatures() {
        float[] gradient = new float[50];
        gradient[7] = 1e9f; // every plain draw returns 7, so later ones need the rebuilt weights
        SalientFeatures.Row row = SalientFeatures.Row.of(gradient, 0, 50);
        int[] d = row.draw(5, new SplittableRandom(1));
        assertEquals(7, d[0]);
        assertEquals(5, Arrays.stream(d).distinct().count());
    }
}
