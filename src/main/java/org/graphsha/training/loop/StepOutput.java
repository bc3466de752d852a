package org.graphsha.training.loop;

/**
 * What one training step hands back to the {@link Trainer}.
 *
 * @param gradients      per parameter tensor, in {@link org.graphsha.nn.ParameterSet} order
 * @param originalLogits training-mode logits of the original rows (N x C), kept only for a synthesizer,
 *                       whose hardness reads them next epoch; null otherwise
 */
record StepOutput(double loss, float[][] gradients, float[] originalLogits, int syntheticNodes) {}
