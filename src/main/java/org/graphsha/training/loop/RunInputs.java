package org.graphsha.training.loop;

import org.graphsha.nn.Backbone;
import org.graphsha.nn.ParameterSet;

import ai.djl.ndarray.NDManager;

/**
 * What a run's model reads, built once per run by its {@link TrainingStep}: the features and graph operators of a
 * full-batch forward ({@link GraphInputs}), or the precomputed hop features of a decoupled backbone
 * ({@link HopInputs}). The trainer only asks it for the eval forward; each step reads its own kind.
 */
interface RunInputs {

    /**
     * Eval-mode logits of every real node at {@code params}.
     *
     * @param keepProjection whether to keep layer 1's X·W for the next step, where the inputs have one
     */
    EvalOutput evalForward(NDManager root, Backbone model, ParameterSet params, boolean keepProjection);

    /**
     * Asks the epochs' eval forwards to score only {@code rows} (the other rows' logits are then zero), for a trainer
     * that reads no other row between epochs. Inputs whose forward costs the same either way decline.
     *
     * @return whether later eval forwards score only these rows
     */
    default boolean scoreOnly(int[] rows) {
        return false;
    }

    /**
     * Whether the epochs' eval forwards sum in another order than prediction does, so that the kept epoch is scored
     * again by {@link #everyRow} at the end and the model's logits are those prediction gives.
     */
    default boolean epochsScoreUnlikePrediction() {
        return false;
    }

    /** Eval-mode logits of every real node at {@code params}, whatever {@link #scoreOnly} asked. */
    default float[] everyRow(NDManager root, Backbone model, ParameterSet params) {
        return evalForward(root, model, params, false).logits();
    }
}
