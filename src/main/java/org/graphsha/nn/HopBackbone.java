package org.graphsha.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;

/**
 * A decoupled backbone: it reads the precomputed hop features H_0..H_K of each row ({@link HopFeatures}) and no
 * message graph, so any set of rows can be scored on its own, in batches. Its training and inference run through
 * {@link HopRows}; the message-graph methods of {@link Backbone} do not apply to it.
 */
public interface HopBackbone extends Backbone {

    /** K: H_0..H_K are read. */
    default int hops() {
        return spec().hops();
    }

    /** Columns of the activated layer that dropout masks. */
    int hiddenWidth();

    /**
     * @param hopRows     K + 1 arrays of b x F: the rows' H_0..H_K
     * @param dropoutMask b x {@link #hiddenWidth()} inverted-dropout mask, or null in eval mode
     * @return b x C logits
     */
    default NDArray logits(NDList params, NDList hopRows, NDArray dropoutMask) {
        if (hopRows.size() != hops() + 1) {
            throw new IllegalArgumentException(spec().kind().id() + " with " + hops() + " hops reads " + (hops() + 1)
                + " hop matrices, but was given " + hopRows.size());
        }
        NDList mapped = new NDList(hopRows.size());
        for (int k = 0; k < hopRows.size(); k++) {
            mapped.add(hopRows.get(k).matMul(hopWeight(params, k)));
        }
        return logitsOfMapped(params, mapped, dropoutMask);
    }

    /** W_k, the F x hidden map of hop k, among the engine parameters. */
    NDArray hopWeight(NDList params, int k);

    /**
     * The logits from the rows' mapped hops H_k·W_k, however they were computed: as {@link #logits} does from the hop
     * rows, or propagated after the map ({@link ProjectedHops}).
     *
     * @param mapped K + 1 arrays of b x hidden, without the maps' biases
     */
    NDArray logitsOfMapped(NDList params, NDList mapped, NDArray dropoutMask);
}
