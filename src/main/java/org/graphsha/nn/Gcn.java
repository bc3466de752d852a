package org.graphsha.nn;

import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;

/** GCN (docs/algorithm.md §2.1): H' = Â(HW) + b, Â with one self-loop per node, mean or symmetric. */
record Gcn(ModelSpec spec) implements Backbone {

    @Override
    public ParameterSet initialize(int in, int classes, RandomGenerator random) {
        int h = spec.hidden();
        return new ParameterSet()
            .uniform("conv1.weight", true, Math.sqrt(6.0 / (in + h)), random, in, h)
            .zeros("conv1.bias", true, h)
            .uniform("conv2.weight", false, Math.sqrt(6.0 / (h + classes)), random, h, classes)
            .zeros("conv2.bias", false, classes);
    }

    @Override
    public NDArray hidden(NDList p, FeatureInput x, NDArray mixing, GraphTensors graph) {
        return graph.propagation.matMul(x.project(p.get(0), mixing)).add(p.get(1));
    }

    @Override
    public NDArray output(NDList p, NDArray h, GraphTensors graph) {
        return graph.propagation.matMul(h.matMul(p.get(2))).add(p.get(3));
    }
}
