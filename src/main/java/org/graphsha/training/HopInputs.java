package org.graphsha.training;

import org.graphsha.nn.Backbone;
import org.graphsha.nn.HopBackbone;
import org.graphsha.nn.HopFeatures;
import org.graphsha.nn.HopOperator;
import org.graphsha.nn.HopRows;
import org.graphsha.nn.ParameterSet;

import ai.djl.ndarray.NDManager;

/**
 * The inputs of a decoupled backbone: the real rows' H_0..H_K, computed once per run, and the Â they came from (its
 * degrees weigh the synthetic rows' messages). The eval forward scores every real row in batches of
 * {@code batchRows}; it keeps no projection.
 */
record HopInputs(HopFeatures hops, HopOperator operator, int batchRows) implements RunInputs {

    @Override
    public EvalOutput evalForward(NDManager root, Backbone model, ParameterSet params, boolean keepProjection) {
        return new EvalOutput(HopRows.logits((HopBackbone) model, params.tensors(), root, hops, batchRows), null);
    }
}
