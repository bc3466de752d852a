package org.graphsha.training.ensemble;

import org.graphsha.training.Inference;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ProbabilityMeanTest {

    private static final float[] LOGITS = {2f, 0f, -1f, 0.5f, 0.5f, 3f};

    @Test
    void oneMemberIsItsOwnSoftmaxBitForBit() {
        ProbabilityMean mean = new ProbabilityMean(2, 3, 1);
        mean.add(LOGITS, new double[3]);
        double[][] expected = Inference.probabilities(LOGITS, 3);
        for (int i = 0; i < 2; i++) {
            assertArrayEquals(expected[i], mean.probabilities()[i], 0.0);
        }
    }

    @Test
    void twoMembersAverageTheirShiftedProbabilities() {
        ProbabilityMean mean = new ProbabilityMean(2, 3, 2);
        float[] other = {0f, 1f, 0f, -2f, 1f, 0f};
        double[] offsets = {0, -Math.log(4), 0};
        mean.add(LOGITS, offsets);
        mean.add(other, offsets);
        for (int i = 0; i < 2; i++) {
            double[] a = softmax(LOGITS, i, offsets);
            double[] b = softmax(other, i, offsets);
            for (int c = 0; c < 3; c++) {
                assertEquals((a[c] + b[c]) / 2, mean.probabilities()[i][c], 1e-15);
            }
        }
        // Node 0: member one says class 0 (0.84), member two class 1 after the shift (0.38 against 0.42 for class 0).
        assertEquals(0, org.graphsha.numeric.Argmax.of(mean.probabilities()[0]));
    }

    @Test
    void refusesAnIncompleteOrOverfullMean() {
        assertThrows(IllegalArgumentException.class, () -> new ProbabilityMean(2, 3, 0));
        ProbabilityMean mean = new ProbabilityMean(2, 3, 2);
        mean.add(LOGITS, new double[3]);
        assertThrows(IllegalStateException.class, mean::probabilities);
        mean.add(LOGITS, new double[3]);
        assertThrows(IllegalStateException.class, () -> mean.add(LOGITS, new double[3]));
    }

    private static double[] softmax(float[] logits, int row, double[] offsets) {
        double[] z = new double[3];
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < 3; c++) {
            z[c] = logits[row * 3 + c] + (float) offsets[c];
            max = Math.max(max, z[c]);
        }
        double sum = 0;
        for (int c = 0; c < 3; c++) {
            z[c] = Math.exp(z[c] - max);
            sum += z[c];
        }
        for (int c = 0; c < 3; c++) {
            z[c] /= sum;
        }
        return z;
    }
}
