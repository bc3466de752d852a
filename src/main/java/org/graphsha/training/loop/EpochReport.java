package org.graphsha.training.loop;

/**
 * One epoch as seen by a progress callback. Losses are those the epoch computed; val metrics are
 * from the evaluation after the optimizer step, fractions in [0, 1].
 *
 * @param syntheticNodes number of synthetic nodes trained on this epoch
 */
public record EpochReport(int epoch, int epochs, double trainLoss, double valLoss, double valAccuracy,
                          double valMacroF1, double learningRate, int syntheticNodes, boolean improved) {
}
