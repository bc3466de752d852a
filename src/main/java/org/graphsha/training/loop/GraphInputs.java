package org.graphsha.training.loop;

import org.graphsha.nn.Backbone;
import org.graphsha.nn.FeatureInput;
import org.graphsha.nn.GraphTensors;
import org.graphsha.nn.ParameterSet;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;

/**
 * The full-batch inputs of the message-passing backbones: X on the engine and the original graph's operators,
 * shared by the eval forward and the steps.
 */
record GraphInputs(FeatureInput x, GraphTensors evalGraph) implements RunInputs {

    /** Eval-mode forward on the original graph. */
    @Override
    public EvalOutput evalForward(NDManager root, Backbone model, ParameterSet params, boolean keepProjection) {
        try (NDScope scope = new NDScope(); NDManager epoch = root.newSubManager()) {
            NDList p = params.toEngine(epoch, false);
            if (!keepProjection) {
                return new EvalOutput(model.forward(p, x, null, evalGraph, null).toFloatArray(), null);
            }
            NDArray xw = x.project(p.get(0), null);
            float[] logits = model.forward(p, x.withProjection(xw), null, evalGraph, null).toFloatArray();
            return new EvalOutput(logits, xw.toFloatArray());
        }
    }
}
