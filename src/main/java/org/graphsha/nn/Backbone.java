package org.graphsha.nn;

import java.util.List;
import java.util.random.RandomGenerator;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;

/**
 * A two-layer encoder (docs/algorithm.md §2): layer 1, ReLU, dropout (training only), layer 2, raw logits.
 * Implementations are stateless; parameters travel in an {@link NDList} in {@link #initialize} order.
 *
 * <p>A backbone owns everything that differs between encoders: its parameters, the graph operators it
 * builds on the engine, its engine forward, its row forward in plain Java (the same arithmetic for the
 * few rows a live prediction needs), its memory terms, and what it depends on. A new backbone is one
 * class implementing this, plus its constant in {@link BackboneKind}.
 */
public interface Backbone {

    ModelSpec spec();

    /** The parameters, first the layer-1 weight that X·W uses ({@link FeatureInput#project}). */
    ParameterSet initialize(int inputDimension, int classCount, RandomGenerator random);

    // ---- engine

    /**
     * The graph operators of {@link #hidden} and {@link #output} for a message graph.
     *
     * @param degrees node degrees d (without the self-loop) when they are not the graph's in-degrees, or null
     *                (see {@link GraphTensors#build(NDManager, MessageGraph, ModelSpec, int[])})
     */
    GraphTensors tensors(NDManager manager, MessageGraph graph, int[] degrees);

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

    // ---- rows: the eval forward in plain Java, for a receptive field ({@link FieldForward})

    /**
     * Layer 1 with its activation for the field's receivers, from the X·W rows of all its nodes.
     *
     * @param projection row-major n x {@link #projectionWidth()} first-layer rows X·W
     * @return row-major receivers x hidden
     */
    float[] hiddenRows(List<Tensor> parameters, FieldGraph field, float[] projection);

    /**
     * Layer 2 for the field's receivers, from the activated layer-1 rows of the receivers and their senders.
     *
     * @return row-major receivers x C logits
     */
    float[] outputRows(List<Tensor> parameters, FieldGraph field, float[] hidden);

    // ---- what it depends on

    /**
     * Whether a layer passes a node's own features on through a weight of their own (SAGE's W_r·h_i) rather
     * than averaging them in with its neighbours' (GCN's self-loop, GAT's attention over the self-loop).
     */
    default boolean hasRootWeight() {
        return false;
    }

    /**
     * Whether a node's output depends on its neighbours' degrees (symmetric GCN's 1/√(d̂_i d̂_j)): a
     * receptive field must then read the degrees of its frontier, and a changed degree changes the
     * layer-1 outputs of the node's neighbours. A node's own degree is always read.
     */
    default boolean needsNeighbourDegrees() {
        return false;
    }

    // ---- memory terms (training.MemoryEstimate)

    /** Columns of layer 1's X·W: the first weight's, kept per node between steps and by live prediction. */
    default long projectionWidth() {
        return spec().hidden();
    }

    /**
     * Native bytes per message edge (self-loops included) beyond the edge list and its weights: what the
     * forward keeps per edge, and with {@code training} also the backward's gradients of it.
     */
    default long bytesPerEdge(boolean training) {
        return 0;
    }

    static Backbone create(ModelSpec spec) {
        return spec.backbone();
    }

    /** ReLU then, in training, dropout: the only place dropout happens. */
    static NDArray activate(NDArray h, NDArray dropoutMask) {
        NDArray r = h.maximum(Transfer.scalar(h.getManager(), 0f));
        return dropoutMask == null ? r : r.mul(dropoutMask);
    }
}
