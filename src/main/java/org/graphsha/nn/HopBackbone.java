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
    NDArray logits(NDList params, NDList hopRows, NDArray dropoutMask);
}
