package org.graphsha.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CalibrationErrorTest {

    /**
     * Four nodes: two at confidence 0.9 (bin 14 of 15), one right and one wrong (accuracy 0.5, gap 0.4); two at
     * confidence 0.6 (bin 9), both right (gap 0.4). ECE = 2/4 · 0.4 + 2/4 · 0.4 = 0.4.
     */
    @Test
    void weighsEachBinsGapByItsShareOfNodes() {
        int[] truth = {0, 1, 1, 0};
        double[][] p = {{0.9, 0.1}, {0.9, 0.1}, {0.4, 0.6}, {0.6, 0.4}};
        assertEquals(0.4, CalibrationError.expected(truth, p), 1e-12);
    }

    @Test
    void isZeroForPerfectlyCalibratedBins() {
        // Confidence 1 and always right; confidence 0.5 (bin 7) and right half the time.
        int[] truth = {0, 1, 0, 1};
        double[][] p = {{1, 0}, {0, 1}, {0.5, 0.5}, {0.5, 0.5}};
        assertEquals(0, CalibrationError.expected(truth, p), 1e-12);
    }
}
