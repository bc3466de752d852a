package org.graphsha.training.loop;

import org.graphsha.nn.Backbone;
import org.graphsha.nn.EngineRuntime;
import org.graphsha.nn.FeatureInput;
import org.graphsha.nn.GraphTensors;
import org.graphsha.nn.MessageGraph;

import ai.djl.ndarray.NDManager;

/**
 * What stays the same for every step of one run.
 *
 * @param runtime   the run's device and threads; the trainer runs each step inside its exclusive block
 * @param root      the run's engine manager; each step works in a sub-manager of it
 * @param inputs    what the model reads, built by the run's step ({@link TrainingStep#inputs})
 * @param baseGraph the original graph's message structure
 * @param augmentations the run's enabled per-epoch augmentations, which the trainer hands the last eval forward
 *                      before each step
 */
record StepContext(EngineRuntime runtime, NDManager root, Backbone model, RunInputs inputs, MessageGraph baseGraph,
                   MethodLoss loss, EpochAugmentations augmentations) {

    /** X on the engine, for a step of a full-batch backbone. */
    FeatureInput x() {
        return ((GraphInputs) inputs).x();
    }

    /** The engine tensors of {@code baseGraph}, shared with the eval forward, for a step of a full-batch backbone. */
    GraphTensors evalGraph() {
        return ((GraphInputs) inputs).evalGraph();
    }
}
