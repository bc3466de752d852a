package org.graphsha.nn;

import ai.djl.ndarray.NDArray;

/** One sparse N x N operator that sums weighted messages into each node: GCN's Â, SAGE's mean aggregation. */
record Propagation(NDArray matrix) implements GraphTensors {

    /** The operator a backbone built with its own {@link Backbone#tensors}. */
    static NDArray of(GraphTensors tensors) {
        return ((Propagation) tensors).matrix();
    }
}
