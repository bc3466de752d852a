package org.graphsha.nn;

import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;

/**
 * GraphSAGE, mean aggregator (docs/algorithm.md §2.3): out_i = W_l·mean_{j→i} h_j + b_l + W_r·h_i. W_l and
 * W_r are stored side by side as one [W_l | W_r] matrix so the (sparse) input is multiplied once.
 */
record Sage(ModelSpec spec) implements Backbone {

    @Override
    public ParameterSet initialize(int in, int classes, RandomGenerator random) {
        int h = spec.hidden();
        // PyTorch Linear default: weights and bias U(±1/√fan_in); W_l and W_r share fan_in.
        double b1 = 1 / Math.sqrt(in);
        double b2 = 1 / Math.sqrt(h);
        return new ParameterSet()
            .uniform("conv1.lin_lr.weight", true, b1, random, in, 2L * h)
            .uniform("conv1.lin_l.bias", true, b1, random, h)
            .uniform("conv2.lin_lr.weight", false, b2, random, h, 2L * classes)
            .uniform("conv2.lin_l.bias", false, b2, random, classes);
    }

    @Override
    public NDArray hidden(NDList p, FeatureInput x, NDArray mixing, GraphTensors graph) {
        NDArray both = x.project(p.get(0), mixing);
        return layer(graph, both, spec.hidden()).add(p.get(1));
    }

    @Override
    public NDArray output(NDList p, NDArray hidden, GraphTensors graph) {
        NDArray out = hidden.matMul(p.get(2));
        int c = (int) out.getShape().get(1) / 2;
        return layer(graph, out, c).add(p.get(3));
    }

    /** mean-aggregated left half plus the root (right) half. */
    private static NDArray layer(GraphTensors graph, NDArray both, int width) {
        NDArray left = both.get(":, 0:" + width);
        NDArray right = both.get(":, " + width + ":");
        return graph.propagation.matMul(left).add(right);
    }
}
