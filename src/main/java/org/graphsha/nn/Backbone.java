package org.graphsha.nn;

import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;

/**
 * A two-layer encoder (docs/algorithm.md §2): layer 1, ReLU, dropout (training only), layer 2, raw logits.
 * Implementations are stateless; parameters travel in an {@link NDList} in {@link #initialize} order.
 */
public interface Backbone {

    ModelSpec spec();

    ParameterSet initialize(int inputDimension, int classCount, RandomGenerator random);

    /**
     * @param mixing      M x N synthetic-row mixing matrix, or null for the plain graph
     * @param dropoutMask (N+M) x hidden inverted-dropout mask (0 or 1/(1-p)), or null in eval mode
     * @return (N+M) x C logits
     */
    default NDArray forward(NDList params, FeatureInput x, NDArray mixing, GraphTensors graph, NDArray dropoutMask) {
        return output(params, activate(hidden(params, x, mixing, graph), dropoutMask), graph);
    }

    /** Layer 1 before its activation: (N+M) x hidden. */
    NDArray hidden(NDList params, FeatureInput x, NDArray mixing, GraphTensors graph);

    /**
     * Layer 2 on activated hidden rows, which may outnumber layer 1's (GraphSmote adds its synthetic
     * rows in between); {@code graph} must have as many nodes as {@code hidden} has rows.
     */
    NDArray output(NDList params, NDArray hidden, GraphTensors graph);

    static Backbone create(ModelSpec spec) {
        return switch (spec.kind()) {
            case GCN -> new Gcn(spec);
            case GAT -> new Gat(spec);
            case SAGE -> new Sage(spec);
        };
    }

    /** ReLU then, in training, dropout: the only place dropout happens. */
    static NDArray activate(NDArray h, NDArray dropoutMask) {
        NDArray r = h.maximum(Transfer.scalar(h.getManager(), 0f));
        return dropoutMask == null ? r : r.mul(dropoutMask);
    }
}
