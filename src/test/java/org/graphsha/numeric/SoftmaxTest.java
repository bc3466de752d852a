package org.graphsha.numeric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class SoftmaxTest {

    @Test
    void knownValues() {
        double[] out = new double[3];
        Softmax.row(new float[] {0f, (float) Math.log(2), (float) Math.log(5)}, 0, 3, out, 0);
        assertArrayEquals(new double[] {1 / 8.0, 2 / 8.0, 5 / 8.0}, out, 1e-7);

        double[] uniform = new double[4];
        Softmax.row(new float[] {3f, 3f, 3f, 3f}, 0, 4, uniform, 0);
        assertArrayEquals(new double[] {0.25, 0.25, 0.25, 0.25}, uniform, 0);

        assertEquals(Math.log(Math.exp(1) + Math.exp(2) + Math.exp(3)),
            Softmax.logSumExp(new float[] {1f, 2f, 3f}, 0, 3), 1e-12);
    }

    @Test
    void temperatureDividesTheLogits() {
        float[] logits = {2f, 4f, -6f};
        double[] hot = new double[3];
        double[] scaled = new double[3];
        Softmax.row(logits, 0, 3, 2.0, hot, 0);
        Softmax.row(new float[] {1f, 2f, -3f}, 0, 3, scaled, 0);
        assertArrayEquals(scaled, hot, 0);
    }

    @Test
    void rowsAtOffsetsLeaveTheRestAlone() {
        // two rows of three classes; the second row goes to the second half of a six-wide buffer
        float[] logits = {9f, 9f, 9f, 0f, 1f, 2f};
        double[] out = {-1, -1, -1, 0, 0, 0};
        Softmax.row(logits, 3, 3, out, 3);
        assertArrayEquals(new double[] {-1, -1, -1}, Arrays.copyOf(out, 3), 0);
        double e = Math.E;
        double sum = 1 + e + e * e;
        assertArrayEquals(new double[] {1 / sum, e / sum, e * e / sum}, Arrays.copyOfRange(out, 3, 6),
            1e-12);

        double[] values = {5, 1, 1, 7};
        Softmax.inPlace(values, 1, 2);
        assertArrayEquals(new double[] {5, 0.5, 0.5, 7}, values, 0);
        assertEquals(Math.log(1 + e + e * e), Softmax.logSumExp(logits, 3, 3), 1e-12);
    }

    @Test
    void largeLogitsDoNotOverflow() {
        float[] logits = {1000f, 1001f, 3.0e38f, -3.0e38f};
        double[] out = new double[2];
        Softmax.row(logits, 0, 2, out, 0);
        assertEquals(1 / (1 + Math.E), out[0], 1e-12);
        assertEquals(Math.E / (1 + Math.E), out[1], 1e-12);
        assertEquals(1001 + Math.log(1 + Math.exp(-1)), Softmax.logSumExp(logits, 0, 2), 1e-9);

        double[] extreme = new double[2];
        Softmax.row(logits, 2, 2, extreme, 0);
        assertArrayEquals(new double[] {1, 0}, extreme, 0);
        assertEquals(3.0e38f, Softmax.logSumExp(logits, 2, 2), 0);

        double[] cold = new double[2];
        Softmax.row(logits, 0, 2, 1e-3, cold, 0);
        assertTrue(Double.isFinite(cold[0]) && Double.isFinite(cold[1]));
        assertEquals(1, cold[1], 1e-300);
    }

    @Test
    void rowsSumToOne() {
        SplittableRandom random = new SplittableRandom(7);
        int classes = 7;
        float[] logits = new float[50 * classes];
        for (int i = 0; i < logits.length; i++) {
            logits[i] = (float) (random.nextGaussian() * 20);
        }
        double[] out = new double[logits.length];
        for (int r = 0; r < 50; r++) {
            Softmax.row(logits, r * classes, classes, 0.5, out, r * classes);
            double sum = 0;
            for (int c = 0; c < classes; c++) {
                double p = out[r * classes + c];
                assertTrue(p >= 0 && p <= 1);
                sum += p;
            }
            assertEquals(1, sum, 1e-12);
        }
    }

    /** The loops the callers had before the helper, kept here to pin the arithmetic bit for bit. */
    @Test
    void matchesTheHandWrittenLoopsBitForBit() {
        SplittableRandom random = new SplittableRandom(11);
        int classes = 5;
        for (int trial = 0; trial < 200; trial++) {
            float[] z = new float[classes];
            for (int c = 0; c < classes; c++) {
                z[c] = (float) (random.nextGaussian() * 30);
            }
            double t = 0.1 + random.nextDouble() * 3;

            double max = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < classes; c++) {
                max = Math.max(max, z[c] / t);
            }
            double sum = 0;
            double[] e = new double[classes];
            for (int c = 0; c < classes; c++) {
                e[c] = Math.exp(z[c] / t - max);
                sum += e[c];
            }
            double[] expected = new double[classes];
            for (int c = 0; c < classes; c++) {
                expected[c] = e[c] / sum;
            }
            double[] actual = new double[classes];
            Softmax.row(z, 0, classes, t, actual, 0);
            assertArrayEquals(expected, actual, 0);

            max = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < classes; c++) {
                max = Math.max(max, z[c]);
            }
            sum = 0;
            for (int c = 0; c < classes; c++) {
                sum += Math.exp(z[c] - max);
            }
            assertEquals(Double.doubleToRawLongBits(max + Math.log(sum)),
                Double.doubleToRawLongBits(Softmax.logSumExp(z, 0, classes)));
        }
    }
}
