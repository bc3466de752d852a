package org.graphsha.nn;

/**
 * One trainable tensor kept on the Java side between epochs: each epoch copies it to the engine,
 * which keeps engine memory per epoch and makes the optimizer plain, deterministic Java.
 *
 * @param firstLayer whether weight decay applies (docs/algorithm.md §3: all layer-1 tensors, nothing else)
 */
public record Tensor(String name, long[] shape, float[] data, boolean firstLayer) {

    public int size() {
        return data.length;
    }
}
