package org.graphsha.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.engine.PtNDArray;
import ai.djl.pytorch.jni.JniUtils;

/**
 * Constant sparse COO matrices. {@code NDManager.createCoo} wraps Java direct buffers without copying,
 * so the tensor reads freed memory after GC (docs/engine.md, "DJL facts the code relies on"); here indices and values are first copied
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
        // Transfer returns engine-owned clones, never views of Java buffers.
        try (PtNDArray idx = (PtNDArray) Transfer.longs(manager, flat, new Shape(2, nnz));
             PtNDArray val = (PtNDArray) Transfer.floats(manager, values, new Shape(nnz))) {
            // The sparse tensor holds its own references to the storages, so closing the handles is safe.
            return JniUtils.createSparseCoo(idx, val, new Shape(rows, cols));
        }
    }
}
