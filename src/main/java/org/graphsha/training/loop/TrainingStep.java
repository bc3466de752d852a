package org.graphsha.training.loop;

import java.util.SplittableRandom;
import org.graphsha.training.augment.EpochAugmentation;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.FeatureInput;
import org.graphsha.nn.GraphTensors;
import org.graphsha.nn.MessageGraph;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.ParameterSet;

import ai.djl.ndarray.NDManager;

/**
 * The forward, loss and backward of one epoch. The {@link Trainer} owns everything around it: the
 * synthesizer's batch, the dropout mask, validation, the optimizer and model selection, so every
 * method shares them.
 */
interface TrainingStep {

    /** Trainable tensors of the step itself, after the backbone's; none unless a step needs them. */
    default void addParameters(ParameterSet params, SplittableRandom random) {
    }

    /** What the model reads for this run; the full-batch features and the original graph's operators by default. */
    default RunInputs inputs(NDManager root, GraphSnapshot graph, TrainerOptions config, MessageGraph baseGraph) {
        FeatureInput x = config.featureMode().sparseFor(graph.features())
            ? FeatureInput.sparse(root, graph.features())
            : FeatureInput.dense(root, graph.features());
        return new GraphInputs(x, GraphTensors.build(root, baseGraph, config.model()));
    }

    /** Rows of this epoch's dropout mask: by default every node of the augmented graph. */
    default int dropoutRows(StepContext run, SyntheticBatch batch) {
        return run.baseGraph().nodeCount() + batch.size() + run.augmentations().nodes().size();
    }

    /** Columns of the dropout mask: the activated hidden layer's. */
    default int dropoutWidth(ModelSpec spec) {
        return spec.hidden();
    }

    /**
     * Why the step cannot take {@link EpochAugmentation}s, or null when it adds their nodes, links and loss terms.
     * The trainer refuses an enabled one with this reason.
     */
    default String refusesAugmentations() {
        return null;
    }

    /**
     * Whether the step maps the original features first, so it may start from the X·W that the last eval forward
     * computed with the same W ({@link EvalOutput#projection}, null where the inputs keep none).
     */
    boolean acceptsProjection();

    /**
     * @param batch      the synthesizer's nodes for this epoch, {@link SyntheticBatch#EMPTY} without one
     * @param mask       the dropout mask over the hidden units of N + M rows; null without dropout
     * @param projection X·W of the original rows at the current parameters, or null to compute it
     */
    StepOutput step(StepContext run, int epoch, ParameterSet params, SyntheticBatch batch, float[] mask,
                    float[] projection, SplittableRandom random);
}
