package org.graphsha.training.loop;

import java.util.List;

import org.graphsha.nn.Backbone;
import org.graphsha.nn.HopBackbone;
import org.graphsha.nn.HopFeatures;
import org.graphsha.nn.HopOperator;
import org.graphsha.nn.HopRows;
import org.graphsha.nn.ParameterSet;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;

/**
 * The inputs of a decoupled backbone: the real rows' H_0..H_K, computed once per run, and the Â they came from (its
 * degrees weigh the synthetic rows' messages). The eval forward scores every real row in batches of
 * {@code batchRows}, from engine copies made once when they fit {@link #RESIDENT_BUDGET} (a second copy of the hop
 * features, which would otherwise be gathered and copied again every epoch); it keeps no projection.
 */
final class HopInputs implements RunInputs {

    /** Engine bytes the eval forward may keep for the whole run. */
    static final long RESIDENT_BUDGET = 1L << 30;

    private final HopFeatures hops;
    private final HopOperator operator;
    private final int batchRows;
    private List<NDList> resident;
    private boolean residentTried;

    HopInputs(HopFeatures hops, HopOperator operator, int batchRows) {
        this.hops = hops;
        this.operator = operator;
        this.batchRows = batchRows;
    }

    HopFeatures hops() {
        return hops;
    }

    HopOperator operator() {
        return operator;
    }

    @Override
    public EvalOutput evalForward(NDManager root, Backbone model, ParameterSet params, boolean keepProjection) {
        if (!residentTried) {
            resident = HopRows.resident(root, hops, batchRows, RESIDENT_BUDGET);
            residentTried = true;
        }
        HopBackbone hop = (HopBackbone) model;
        float[] logits = resident != null
            ? HopRows.logits(hop, params.tensors(), root, resident, hops.rows())
            : HopRows.logits(hop, params.tensors(), root, hops, batchRows);
        return new EvalOutput(logits, null);
    }
}
