package org.graphsha.training;

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
 * @param baseGraph the original graph's message structure
 * @param evalGraph the engine tensors of {@code baseGraph}, shared with the eval forward
 * @param augmentations the run's enabled per-epoch augmentations, which the trainer hands the last eval forward
 *                      before each step
 */
record StepContext(EngineRuntime runtime, NDManager root, Backbone model, FeatureInput x, MessageGraph baseGraph, GraphTensors evalGraph,
                   MethodLoss loss, EpochAugmentations augmentations) {}
