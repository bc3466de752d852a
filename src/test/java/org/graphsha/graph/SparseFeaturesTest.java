package org.graphsha.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SparseFeaturesTest {

    @Test
    void theDenseFormReadsLikeTheSparseOne() {
        SparseFeatures dense = SparseFeatures.dense(2, 3, new float[] {1, 0, 2, 0, 3, 4});
        assertTrue(dense.isDense());
        assertArrayEquals(new int[] {0, 3, 6}, dense.rowOffsets());
        assertArrayEquals(new float[] {0, 3, 4}, dense.denseRow(1));
        assertEquals(2, dense.column(5));
        assertEquals(6, dense.nonZeros(), "the dense form stores its zeros");
    }

    @Test
    void compactsToTheDenseFormFromHalfTheEntriesOn() {
        SparseFeatures half = new SparseFeatures(2, 2, new int[] {0, 1, 2}, new int[] {1, 0}, new float[] {5, 6});
        SparseFeatures compacted = half.compact();
        assertTrue(compacted.isDense());
        assertArrayEquals(new float[] {0, 5, 6, 0}, compacted.values());
        assertEquals(1, compacted.column(1));

        SparseFeatures fewer = new SparseFeatures(2, 3, new int[] {0, 1, 2}, new int[] {1, 0}, new float[] {5, 6});
        assertSame(fewer, fewer.compact(), "2 of 6 entries stay sparse");
        assertFalse(fewer.compact().isDense());
        assertEquals(1, fewer.column(0));
    }

    @Test
    void everyEntryStoredInOrderIsTheDenseFormWithoutACopy() {
        float[] values = {1, 0, 2, 3};
        SparseFeatures inOrder = new SparseFeatures(2, 2, new int[] {0, 2, 4}, new int[] {0, 1, 0, 1}, values);
        assertTrue(inOrder.compact().isDense());
        assertSame(values, inOrder.compact().values());
        assertSame(values, inOrder.compact().denseValues());

        SparseFeatures swapped = new SparseFeatures(2, 2, new int[] {0, 2, 4}, new int[] {1, 0, 0, 1}, values);
        assertArrayEquals(new float[] {0, 1, 2, 3}, swapped.compact().values());
    }

    @Test
    void theNonZeroEntriesOfTheDenseFormAreSparse() {
        SparseFeatures sparse = SparseFeatures.dense(2, 3, new float[] {1, 0, 2, 0, 0, 4}).nonZeroEntries();
        assertFalse(sparse.isDense());
        assertArrayEquals(new int[] {0, 2, 3}, sparse.rowOffsets());
        assertArrayEquals(new int[] {0, 2, 2}, sparse.columns());
        assertArrayEquals(new float[] {1, 2, 4}, sparse.values());
        assertSame(sparse, sparse.nonZeroEntries());
    }

    @Test
    void transformsKeepTheDenseForm() {
        SparseFeatures dense = SparseFeatures.dense(2, 2, new float[] {1, 3, 2, 2});
        SparseFeatures rowSum = new FeatureTransform.RowSum(false).apply(dense);
        assertTrue(rowSum.isDense());
        assertArrayEquals(new float[] {0.25f, 0.75f, 0.5f, 0.5f}, rowSum.values());
        FeatureTransform.StandardScores scores = FeatureTransform.StandardScores.fit(dense);
        assertArrayEquals(new float[] {1.5f, 2.5f}, scores.means());
        assertArrayEquals(new float[] {-1, 1, 1, -1}, scores.apply(dense).values());
        assertTrue(scores.apply(dense).isDense());
    }

    @Test
    void rejectsADenseFormOfTheWrongSize() {
        assertThrows(IllegalArgumentException.class,
            () -> new SparseFeatures(2, 3, new int[] {0, 3, 5}, null, new float[5]));
    }
}
