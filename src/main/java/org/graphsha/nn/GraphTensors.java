package org.graphsha.nn;

import ai.djl.ndarray.NDManager;

/**
 * The engine-side operators one backbone needs for one {@link MessageGraph}: all sparse, never a
 * dense N x N. Built once for the fixed evaluation graph and once per epoch for an augmented graph.
 * Each backbone builds and reads its own ({@link Backbone#tensors}); to everyone else they are opaque.
 */
public interface GraphTensors {

    static GraphTensors build(NDManager manager, MessageGraph graph, ModelSpec spec) {
        return build(manager, graph, spec, null);
    }

    /**
     * @param degrees node degrees d (without the self-loop) when they are not the graph's in-degrees:
     *                a receptive field cut out of a larger graph, whose outer nodes have neighbours
     *                outside it; null for the in-degrees. Backbones that weigh no edge by a degree ignore it.
     */
    static GraphTensors build(NDManager manager, MessageGraph graph, ModelSpec spec, int[] degrees) {
        return spec.backbone().tensors(manager, graph, degrees);
    }
}
