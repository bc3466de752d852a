package org.graphsha.nn;

import java.util.List;

/**
 * The parameters of a backbone with two layers of one weight and one bias each (GCN, GraphSAGE), in their
 * initialisation order, as engine arrays or as Java tensors.
 */
record TwoLayerWeights<T>(T w1, T b1, T w2, T b2) {

    static <T> TwoLayerWeights<T> of(List<T> p) {
        return new TwoLayerWeights<>(p.get(0), p.get(1), p.get(2), p.get(3));
    }
}
