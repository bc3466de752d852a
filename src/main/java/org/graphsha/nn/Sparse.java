package org.graphsha.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.engine.PtNDArray;
import ai.djl.pytorch.jni.JniUtils;

/**
 * Constant sparse COO matrices. {@code NDManager.createCoo} wraps Java direct buffers without copying,
 * so the tensor reads freed memory after GC (PLATFORM.md); here indices and values are first copied
 * into engine-owned tensors with {@code duplicate()}.
 */
public final class Sparse {

    private Sparse() {}

    /** An rows x cols matrix with {@code values[k]} at ({@code rowIdx[k]}, {@code colIdx[k]}). */
    public static NDArray coo(NDManager manager, int[] rowIdx, int[] colIdx, float[] values, long rows, long cols) {
        int nnz = values.length;
        long[] flat = new long[2 * nnz];
        for (int k = 0; k < nnz; k++) {
            flat[k] = rowIdx[k];
            flat[nnz + k] = colIdx[k];
        }
        try (NDArray idxView = manager.create(flat, new Shape(2, nnz));
             NDArray valView = manager.create(values, new Shape(nnz))) {
            PtNDArray idx = (PtNDArray) idxView.duplicate();
            PtNDArray val = (PtNDArray) valView.duplicate();
            NDArray coo = JniUtils.createSparseCoo(idx, val, new Shape(rows, cols));
            // The sparse tensor holds its own references to the copied storages.
            idx.close();
            val.close();
            return coo;
        }
    }
}
