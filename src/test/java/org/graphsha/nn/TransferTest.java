package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import org.junit.jupiter.api.Test;

class TransferTest {

    /**
     * The backward pass reads the constant operand that autograd saved in the forward pass. Between the
     * two, the Java side drops its handle and the GC runs while fresh direct buffers are written, as a
     * GraphSmote step does; the gradient must still be the constant.
     */
    @Test
    void constantOperandOutlivesItsJavaHandleUntilTheBackwardPass() {
        assertArrayEquals(new float[] {3f, 3f, 3f, 3f},
            gradientAfterGc((m, x) -> x.mul(Transfer.scalar(m, 3f))), 0f);
        assertArrayEquals(new float[] {0.25f, 0.25f, 0.25f, 0.25f},
            gradientAfterGc((m, x) -> x.div(Transfer.scalar(m, 4f))), 0f);
        // maximum with a constant: gradient 1 where x is above it, 0 below
        assertArrayEquals(new float[] {0f, 1f, 0f, 1f},
            gradientAfterGc((m, x) -> x.maximum(Transfer.scalar(m, 0f))), 0f);
    }

    private static float[] gradientAfterGc(BiFunction<NDManager, NDArray, NDArray> op) {
        return Engines.runtime(Engines.DeviceChoice.CPU, 1).exclusive(() -> {
        try (NDManager m = Engines.newManager(Device.cpu())) {
            NDArray x = Transfer.floats(m, new float[] {-1f, 2f, -3f, 4f}, new Shape(4));
            x.setRequiresGradient(true);
            try (GradientCollector collector = Engines.engine().newGradientCollector()) {
                NDArray y = op.apply(m, x).sum();
                churnDirectMemory();
                collector.backward(y);
            }
            return x.getGradient().toFloatArray();
        }
        });
    }

    /** Frees unreachable direct buffers, then reuses their memory with non-zero bytes. */
    private static void churnDirectMemory() {
        for (int round = 0; round < 3; round++) {
            System.gc();
            List<ByteBuffer> fill = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                ByteBuffer b = ByteBuffer.allocateDirect(64);
                while (b.hasRemaining()) {
                    b.put((byte) 0x7f);
                }
                fill.add(b);
            }
        }
    }
}
