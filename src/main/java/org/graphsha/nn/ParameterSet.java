package org.graphsha.nn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/** A model's tensors in a fixed order; initialisers draw from the run's generator in that order. */
public final class ParameterSet {

    private final List<Tensor> tensors = new ArrayList<>();

    public List<Tensor> tensors() {
        return Collections.unmodifiableList(tensors);
    }

    /** Uniform in [-bound, bound]: Glorot with bound √(6/(fanIn+fanOut)), PyTorch Linear with 1/√fanIn. */
    public ParameterSet uniform(String name, boolean firstLayer, double bound, RandomGenerator random, long... shape) {
        float[] data = new float[count(shape)];
        for (int i = 0; i < data.length; i++) {
            data[i] = (float) ((2 * random.nextDouble() - 1) * bound);
        }
        tensors.add(new Tensor(name, shape, data, firstLayer));
        return this;
    }

    public ParameterSet zeros(String name, boolean firstLayer, long... shape) {
        tensors.add(new Tensor(name, shape, new float[count(shape)], firstLayer));
        return this;
    }

    /** Engine copies of all tensors, in order; with gradients when training. */
    public NDList toEngine(NDManager manager, boolean withGradients) {
        NDList list = new NDList(tensors.size());
        for (Tensor t : tensors) {
            NDArray a = Transfer.floats(manager, t.data(), new Shape(t.shape()));
            if (withGradients) {
                a.setRequiresGradient(true);
            }
            list.add(a);
        }
        return list;
    }

    /** A parameter set holding the given tensors, e.g. a stored model's. */
    public static ParameterSet of(List<Tensor> stored) {
        ParameterSet set = new ParameterSet();
        set.tensors.addAll(stored);
        return set;
    }

    /** A deep copy, e.g. to keep the best model. */
    public ParameterSet copy() {
        ParameterSet c = new ParameterSet();
        for (Tensor t : tensors) {
            c.tensors.add(new Tensor(t.name(), t.shape().clone(), t.data().clone(), t.firstLayer()));
        }
        return c;
    }

    private static int count(long[] shape) {
        long n = 1;
        for (long d : shape) {
            n *= d;
        }
        return Math.toIntExact(n);
    }
}
