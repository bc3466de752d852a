package org.graphsha.training.losses;

import org.graphsha.nn.MessageGraph;

/**
 * Constants added to the logits of the loss rows before the loss of a training step (TAM's ACM and
 * ADM terms). They are computed from the detached training-mode logits, so gradients still flow only
 * through the logits themselves.
 */
public interface LossAdjustment {

    /** Whether the step of this epoch is adjusted; when not, the logits are not even copied out. */
    boolean appliesTo(int epoch);

    /**
     * @param logits   (N+M) x C training-mode logits of the step, row-major, detached
     * @param graph    the step's message graph (original edges, then synthetic ones), without self-loops
     * @param lossRows node positions of the loss rows: training nodes ascending, then synthetic nodes
     * @param labels   the class of every loss row
     * @return lossRows.length x C offsets, row-major
     */
    float[] offsets(int epoch, float[] logits, MessageGraph graph, int[] lossRows, int[] labels);
}
