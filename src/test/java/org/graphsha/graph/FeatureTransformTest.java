package org.graphsha.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FeatureTransformTest {

    /** Three rows of three columns: a measurement, a signed value, and a constant. */
    private static final float[][] ROWS = {{1000f, -2f, 5f}, {3000f, 0f, 5f}, {2000f, 2f, 5f}};

    private static SparseFeatures sparse(float[][] rows) {
        int d = rows[0].length;
        int nonZeros = 0;
        for (float[] row : rows) {
            for (float v : row) {
                nonZeros += v != 0 ? 1 : 0;
            }
        }
        int[] offsets = new int[rows.length + 1];
        int[] columns = new int[nonZeros];
        float[] values = new float[nonZeros];
        int k = 0;
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < d; c++) {
                if (rows[r][c] != 0) {
                    columns[k] = c;
                    values[k++] = rows[r][c];
                }
            }
            offsets[r + 1] = k;
        }
        return new SparseFeatures(rows.length, d, offsets, columns, values);
    }

    private static float[][] dense(SparseFeatures f) {
        float[][] rows = new float[f.rows()][];
        for (int r = 0; r < f.rows(); r++) {
            rows[r] = f.denseRow(r);
        }
        return rows;
    }

    @Test
    void standardScoresCentreAndScaleEachColumnAndZeroAConstantOne() {
        FeatureTransform.StandardScores scores = FeatureTransform.StandardScores.fit(sparse(ROWS));
        assertArrayEquals(new float[] {2000f, 0f, 5f}, scores.means());
        assertArrayEquals(new float[] {(float) Math.sqrt(2e6 / 3), (float) Math.sqrt(8.0 / 3), 1f},
            scores.deviations(), 1e-3f);
        float[][] out = dense(scores.apply(sparse(ROWS)));
        assertArrayEquals(new float[] {-1.2247449f, -1.2247449f, 0f}, out[0], 1e-5f);
        assertArrayEquals(new float[] {1.2247449f, 0f, 0f}, out[1], 1e-5f);
        assertArrayEquals(new float[] {0f, 1.2247449f, 0f}, out[2], 1e-5f);
    }

    @Test
    void everyFormTransformsARowAloneAsItDoesInsideTheMatrix() {
        SparseFeatures all = sparse(ROWS);
        for (FeatureTransform t : new FeatureTransform[] {new FeatureTransform.RowSum(false),
                new FeatureTransform.RowSum(true), new FeatureTransform.Identity(),
                FeatureTransform.StandardScores.fit(all)}) {
            float[][] together = dense(t.apply(all));
            for (int r = 0; r < ROWS.length; r++) {
                assertArrayEquals(together[r], dense(t.apply(sparse(new float[][] {ROWS[r]})))[0], t.toString());
            }
        }
    }

    @Test
    void rowSumsDivideByTheSumButNeverByLessThanOne() {
        float[][] out = dense(new FeatureTransform.RowSum(false).apply(sparse(new float[][] {{1, 3}, {0.25f, 0.25f}})));
        assertArrayEquals(new float[] {0.25f, 0.75f}, out[0]);
        assertArrayEquals(new float[] {0.25f, 0.25f}, out[1]);
        float[][] binary = dense(new FeatureTransform.RowSum(true).apply(sparse(new float[][] {{2, 6}})));
        assertArrayEquals(new float[] {0.5f, 0.5f}, binary[0]);
    }

    @Test
    void aStoredNameGivesBackItsForm() {
        float[] means = {1f};
        float[] deviations = {2f};
        for (FeatureTransform t : new FeatureTransform[] {new FeatureTransform.RowSum(false),
                new FeatureTransform.RowSum(true), new FeatureTransform.Identity(),
                new FeatureTransform.StandardScores(means, deviations)}) {
            assertEquals(t, FeatureTransform.stored(t.keyValue(), means, deviations));
        }
        assertEquals(new FeatureTransform.RowSum(false), FeatureTransform.stored(null, null, null));
        assertThrows(IllegalStateException.class, () -> FeatureTransform.stored("standardize", null, null));
        var error = assertThrows(IllegalArgumentException.class,
            () -> new FeatureTransform.StandardScores(means, deviations).apply(sparse(ROWS)));
        assertEquals("features have 3 columns; the model's standard scores were fitted on 1", error.getMessage());
    }
}
