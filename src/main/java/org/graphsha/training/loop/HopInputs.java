package org.graphsha.training.loop;

import java.util.function.Supplier;

import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.Backbone;
import org.graphsha.nn.HopBackbone;
import org.graphsha.nn.HopFeatures;
import org.graphsha.nn.HopOperator;
import org.graphsha.nn.HopRows;
import org.graphsha.nn.ParameterSet;
import org.graphsha.nn.ProjectedHops;
import org.graphsha.nn.SyntheticHops;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;

/**
 * The inputs of a decoupled backbone: the real rows' H_0..H_K, computed once per run, and the Â they came from (its
 * degrees weigh the synthetic rows' messages). The eval forward scores every real row in batches of
 * {@code batchRows}, from engine copies made once when they fit {@link #RESIDENT_BUDGET} (a second copy of the hop
 * features, which would otherwise be gathered and copied again every epoch); it keeps no projection. Where mapping
 * first is cheaper ({@link ProjectedHops#cheaper}), the steps and the epochs' eval forwards map X and propagate
 * instead, each eval forward handing its X·[W_0 | ... | W_K] to the next step, and only the scoring of the kept
 * epoch's every row at the end reads the precomputed rows, as prediction does: they are computed then, so that they
 * and the epochs' buffers are never alive together.
 */
final class HopInputs implements RunInputs {

    /** Engine bytes the eval forward may keep for the whole run. */
    static final long RESIDENT_BUDGET = 1L << 30;

    private final Supplier<HopFeatures> compute;
    private HopFeatures hops;
    private final HopOperator operator;
    private final int batchRows;
    /** The engine's X and Â when the epochs map first, else null. */
    private final ProjectedHops projected;
    /** The epoch's synthetic hop rows, reused from epoch to epoch and grown only for a larger batch. */
    private final float[][] syntheticRows;
    private NDList resident;
    private boolean residentTried;
    /** The rows each epoch's eval forward scores; null for every row. */
    private int[] scored;
    /**
     * The scored rows' logits, N x C and written over every epoch: only model selection reads them, and only within
     * the epoch (it keeps the validation scores it needs, and the kept epoch is scored again at the end).
     */
    private float[] scoredLogits;

    /**
     * @param hops       computes the real rows' hop features: at once, unless the epochs map first ({@code projected}
     *                   not null), which read them only at the end
     * @param hopCount   K
     */
    HopInputs(Supplier<HopFeatures> hops, int hopCount, HopOperator operator, int batchRows,
              ProjectedHops projected) {
        this.compute = hops;
        this.hops = projected == null ? hops.get() : null;
        this.operator = operator;
        this.batchRows = batchRows;
        this.projected = projected;
        this.syntheticRows = new float[hopCount + 1][];
    }

    /** The run's buffers for {@link SyntheticHops#of}: K + 1 arrays, each as long as the largest batch so far. */
    float[][] syntheticRows() {
        return syntheticRows;
    }

    HopFeatures hops() {
        if (hops == null) {
            hops = compute.get();
        }
        return hops;
    }

    HopOperator operator() {
        return operator;
    }

    /** The engine's X and Â when the epochs map first ({@link ProjectedHops}), else null. */
    ProjectedHops projected() {
        return projected;
    }

    /**
     * The engine copies of every real row's H_0..H_K ({@link HopRows#resident}), made on {@code root} at the first
     * call and kept for the run; null when they do not fit {@link #RESIDENT_BUDGET}.
     */
    private NDList resident(NDManager root) {
        if (!residentTried) {
            resident = HopRows.resident(root, hops, batchRows, RESIDENT_BUDGET);
            residentTried = true;
        }
        return resident;
    }

    /** Row by row, an MLP's cost is that of the rows scored: on a large graph the validation rows are a few percent. */
    @Override
    public boolean scoreOnly(int[] rows) {
        scored = rows;
        return true;
    }

    /** Mapping first sums in another order than the precomputed rows that prediction reads. */
    @Override
    public boolean epochsScoreUnlikePrediction() {
        return projected != null;
    }

    @Override
    public float[] everyRow(NDManager root, Backbone model, ParameterSet params) {
        return HopRows.logits((HopBackbone) model, params.tensors(), root, hops(), batchRows);
    }

    @Override
    public EvalOutput evalForward(NDManager root, Backbone model, ParameterSet params, boolean keepProjection) {
        HopBackbone hop = (HopBackbone) model;
        if (projected != null) {
            return mappedFirst(root, hop, params, keepProjection);
        }
        if (scored != null) {
            scoredLogits = HopRows.logits(hop, params.tensors(), root, hops, scored, batchRows, scoredLogits);
            return new EvalOutput(scoredLogits, null);
        }
        NDList engineRows = resident(root);
        float[] logits = engineRows != null
            ? HopRows.logits(hop, params.tensors(), root, engineRows, batchRows)
            : HopRows.logits(hop, params.tensors(), root, hops, batchRows);
        return new EvalOutput(logits, null);
    }

    /**
     * The eval forward from {@link #projected}: every real row is propagated, the scored ones are read. With
     * {@code keepProjection} it hands X·[W_0 | ... | W_K] to the next step, which maps at the same parameters.
     */
    private EvalOutput mappedFirst(NDManager root, HopBackbone model, ParameterSet params, boolean keepProjection) {
        try (NDScope scope = new NDScope(); NDManager manager = root.newSubManager()) {
            NDList p = params.toEngine(manager, false);
            if (scored != null && scored.length == 0) {
                return new EvalOutput(scoredLogits == null ? new float[0] : scoredLogits, null);
            }
            ProjectedHops.Pass pass = projected.forward(manager, model, p, SyntheticBatch.EMPTY, scored, null);
            float[] logits = model.logitsOfMapped(p, pass.mapped(), null).toFloatArray();
            float[] xMapped = keepProjection ? pass.xMapped() : null;
            if (scored != null) {
                scoredLogits = HopRows.place(logits, scored, 0, scored.length, operator.nodeCount(), scoredLogits);
                logits = scoredLogits;
            }
            return new EvalOutput(logits, xMapped);
        }
    }
}
