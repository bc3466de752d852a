package org.graphsha.training.loop;

import java.util.SplittableRandom;
import org.graphsha.training.losses.LossAdjustment;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.MeanNodeBatch;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.FeatureInput;
import org.graphsha.nn.GraphTensors;
import org.graphsha.nn.MessageGraph;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.ParameterSet;
import org.graphsha.nn.Transfer;
import org.graphsha.synthesis.FeatureGradientListener;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;

/**
 * The training step of every method but GraphSmote: a training-mode forward on the original graph
 * plus the epoch's synthetic batch (empty for plain training), the loss over real training rows then
 * synthetic rows, and the backward pass. The nodes and links of the run's per-epoch augmentations
 * ({@link StepContext#augmentations()}: BAT's virtual class nodes) follow the synthetic rows in the graph
 * and in the loss rows, and their loss terms (self-training's) are added to the loss. Two optional hooks serve GraphENS and TAM and change nothing when null: a
 * {@link FeatureGradientListener} receives ∂L/∂X at its rows after the backward, and a {@link LossAdjustment}
 * adds constants to the loss rows' logits.
 */
final class AugmentedStep implements TrainingStep {

    private final GraphSnapshot graph;
    private final ModelSpec spec;
    private final int[] trainNodes;
    private final int n;
    private final int classes;
    private final LossAdjustment adjustment;
    private final FeatureGradientListener gradientListener;
    private final boolean keepOriginalLogits;

    /** @param keepOriginalLogits whether a synthesizer reads this step's logits in the next epoch */
    AugmentedStep(GraphSnapshot graph, ModelSpec spec, int[] trainNodes, LossAdjustment adjustment,
                  FeatureGradientListener gradientListener, boolean keepOriginalLogits) {
        this.graph = graph;
        this.spec = spec;
        this.trainNodes = trainNodes;
        this.n = graph.nodeCount();
        this.classes = graph.classCount();
        this.adjustment = adjustment;
        this.gradientListener = gradientListener;
        this.keepOriginalLogits = keepOriginalLogits;
    }

    @Override
    public boolean acceptsProjection() {
        return true;
    }

    @Override
    public StepOutput step(StepContext run, int epochIndex, ParameterSet params, SyntheticBatch batch, float[] mask,
                           float[] projection, SplittableRandom random) {
        int m = batch.size();
        MeanNodeBatch meanNodes = run.augmentations().nodes();
        int added = m + meanNodes.size();
        LossRows target = LossRows.of(graph, trainNodes, batch.classes(), meanNodes.classes());
        int[] lossRows = target.rows();
        int[] labels = target.labels();
        try (NDScope scope = new NDScope(); NDManager epoch = run.root().newSubManager()) {
            boolean augmented = added > 0 || batch.edgeSources().length > 0;
            MessageGraph stepGraph = augmented ? MessageGraph.augmented(graph.adjacency(), batch, meanNodes)
                : run.baseGraph();
            GraphTensors g = augmented ? GraphTensors.build(epoch, stepGraph, spec) : run.evalGraph();
            NDArray mixing = run.x().mixing(epoch, batch, meanNodes);
            NDArray maskArray = mask == null ? null : Transfer.floats(epoch, mask, new Shape(n + added, spec.hidden()));
            NDList p = params.toEngine(epoch, true);
            int[] gradientRows = gradientListener == null ? null : gradientListener.featureGradientRows();
            NDArray probe = gradientRows == null ? null : FeatureGradients.probe(epoch, n, p.get(0));
            FeatureInput input = run.x().forStep(epoch, batch, meanNodes.size(), probe);
            if (projection != null) {
                NDArray xw = Transfer.floats(epoch, projection, new Shape(n, projection.length / n));
                xw.setRequiresGradient(true);
                input = input.withProjection(xw);
            }
            try (GradientCollector collector = run.runtime().newGradientCollector()) {
                NDArray logits = run.model().forward(p, input, mixing, g, maskArray);
                NDArray rows = logits.get(Transfer.longs(epoch, lossRows));
                if (adjustment != null && adjustment.appliesTo(epochIndex)) {
                    float[] offsets = adjustment.offsets(epochIndex, logits.toFloatArray(), stepGraph, lossRows, labels);
                    rows = rows.add(Transfer.floats(epoch, offsets, new Shape(lossRows.length, classes)));
                }
                NDArray value = run.augmentations().addTo(run.loss().compute(rows, labels), logits);
                collector.backward(value);
                if (probe != null) {
                    gradientListener.onFeatureGradient(epochIndex,
                        FeatureGradients.ofRows(epoch, probe, p.get(0), gradientRows));
                }
                float[][] gradients = new float[p.size()][];
                gradients[0] = input.weightGradient(p.get(0)).toFloatArray();
                for (int i = 1; i < p.size(); i++) {
                    gradients[i] = p.get(i).getGradient().toFloatArray();
                }
                float[] original = null;
                if (keepOriginalLogits) {
                    original = (added > 0 ? logits.get("0:" + n) : logits).toFloatArray();
                }
                return new StepOutput(value.getFloat(), gradients, original, m);
            }
        }
    }
}
