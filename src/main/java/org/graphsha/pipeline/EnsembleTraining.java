package org.graphsha.pipeline;

import java.util.ArrayList;
import java.util.List;

import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.evaluation.Evaluation;
import org.graphsha.method.Method;
import org.graphsha.nn.Tensor;
import org.graphsha.synthesis.RecordingSynthesizer;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.training.EpochListener;
import org.graphsha.training.ProbabilityMean;
import org.graphsha.training.TrainingResult;

/**
 * The final run of {@code graphsha.train}: {@code ensembleSize} trainings of the chosen method on one split, member m
 * with seed {@code randomSeed + m}, each with a synthesizer of its own (docs/algorithm.md §10.6). Member 0 is the run
 * a call without the key makes. Only the members' parameters and the running mean of their probabilities are kept,
 * not every member's N × C logits.
 */
final class EnsembleTraining {

    /** One member: its seed, its selected epoch and that epoch's validation metrics, its parameters. */
    record Member(long seed, int bestEpoch, Evaluation validation, List<Tensor> parameters) {}

    /**
     * @param first       member 0's whole result (device, threads, and a single model's metrics)
     * @param validation  the model's validation metrics: member 0's alone, else those of the members' mean
     * @param test        as {@code validation}, on the test nodes
     * @param synthesizer member 0's synthesizer, with its last epoch's report; null for methods without one
     */
    record Trained(TrainingResult first, List<Member> members, Evaluation validation, Evaluation test,
                   RecordingSynthesizer synthesizer) {

        List<List<Tensor>> otherMembers() {
            return members.subList(1, members.size()).stream().map(Member::parameters).toList();
        }
    }

    private EnsembleTraining() {}

    /**
     * @param run          the configuration of the run (the call's, or that of the method cross-validation chose)
     * @param logitOffsets the model's per-class offsets, which the mean applies to every member
     * @param listener     told of every epoch of every member, in order
     */
    static Trained train(TrainConfig run, int size, TrainingData data, NeighbourDistribution distribution,
                         double[] logitOffsets, EpochListener listener) {
        Method method = run.method();
        ProbabilityMean mean = size > 1
            ? new ProbabilityMean(data.snapshot().nodeCount(), data.classIndex().size(), size) : null;
        List<Member> members = new ArrayList<>(size);
        TrainingResult first = null;
        RecordingSynthesizer firstSynthesizer = null;
        for (int m = 0; m < size; m++) {
            Synthesizer inner = method.newSynthesizer(data.snapshot(), distribution, run.synthesis());
            RecordingSynthesizer synthesizer = inner == null ? null : new RecordingSynthesizer(inner);
            long seed = run.training().seed() + m;
            TrainingResult result = method.train(data.snapshot(), run.training().withSeed(seed), synthesizer,
                run.graphSmoteUpScale(), listener);
            if (m == 0) {
                first = result;
                firstSynthesizer = synthesizer;
            }
            if (mean != null) {
                mean.add(result.logits(), logitOffsets);
            }
            members.add(new Member(seed, result.bestEpoch(), result.validation(), result.parameters()));
        }
        return mean == null ? new Trained(first, members, first.validation(), first.test(), firstSynthesizer)
            : new Trained(first, members, mean.evaluate(data.snapshot(), data.snapshot().valMask()),
                mean.evaluate(data.snapshot(), data.snapshot().testMask()), firstSynthesizer);
    }
}
