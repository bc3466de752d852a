package org.graphsha.method;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SynthesisReport;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainerOptions;
import org.graphsha.training.loop.TrainingResult;

/**
 * One training of a method, with what a stored model reports beyond the result.
 *
 * @param synthesis      the last epoch's synthesis report; null for methods without a synthesizer
 * @param syntheticNodes synthetic nodes summed over the run's epochs, from the epoch reports, which every method
 *                       fills (GraphSmote synthesises without a synthesizer)
 */
public record MethodRun(TrainingResult result, SynthesisReport synthesis, long syntheticNodes, int epochs) {

    /** Trains with a fresh synthesizer, since synthesizers keep per-run state. */
    public static MethodRun train(Method method, GraphSnapshot snapshot, TrainerOptions options,
                                  SynthesisOptions synthesis, NeighbourDistribution distribution, double upScale,
                                  EpochListener listener) {
        Synthesizer synthesizer = method.newSynthesizer(snapshot, distribution, synthesis);
        long[] synthetic = {0};
        int[] epochs = {0};
        TrainingResult result = method.train(snapshot, options, synthesizer, upScale, report -> {
            synthetic[0] += report.syntheticNodes();
            epochs[0]++;
            listener.onEpoch(report);
        });
        return new MethodRun(result, synthesizer == null ? null : synthesizer.lastReport(), synthetic[0], epochs[0]);
    }
}
