package org.graphsha.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.evaluation.Evaluation;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.MethodRun;
import org.graphsha.nn.Tensor;
import org.graphsha.synthesis.SynthesisReport;
import org.graphsha.training.EpochListener;
import org.graphsha.training.HeldOutMean;
import org.graphsha.training.ProbabilityMean;
import org.graphsha.training.TrainingResult;

/**
 * The final run of {@code graphsha.train}: {@code ensembleSize} trainings of the chosen method, member m the run of a
 * call with seed {@code randomSeed + m}: its own synthesizer and, without a split property, its own holdout
 * (docs/algorithm.md §10.6). Member 0 is the run a call without the key makes. Only the members' parameters and the
 * running means of their probabilities are kept, not every member's N × C logits.
 */
final class EnsembleTraining {

    /** One member: its seed, its selected epoch and that epoch's validation metrics, its parameters. */
    record Member(long seed, int bestEpoch, Evaluation validation, List<Tensor> parameters) {}

    /**
     * @param first                   member 0's whole result (device, threads, and a single model's metrics)
     * @param validation              the model's validation metrics: member 0's alone; else those of the members' mean
     *                                on the shared validation nodes, or out of bag when each member drew its own holdout
     * @param test                    as {@code validation}, on the test nodes
     * @param synthesis               member 0's last synthesis report; null for methods without one
     * @param syntheticNodesPerEpoch  over every epoch of every member
     */
    record Trained(TrainingResult first, List<Member> members, Evaluation validation, Evaluation test,
                   SynthesisReport synthesis, double syntheticNodesPerEpoch) {

        List<List<Tensor>> otherMembers() {
            return members.subList(1, members.size()).stream().map(Member::parameters).toList();
        }
    }

    private EnsembleTraining() {}

    /**
     * @param run          the configuration of the run (the call's, or that of the method the candidates' scoring chose)
     * @param trainedFirst member 0 when it is already trained (the chosen candidate's run on the validation nodes,
     *                     which is the run a call naming it makes), else null
     * @param logitOffsets the model's per-class offsets, which the mean applies to every member
     * @param listener     told of every epoch of every member trained here, in order
     */
    static Trained train(TrainConfig run, int size, IntFunction<TrainingData> memberData, boolean ownHoldouts,
                         NeighbourDistribution distribution, MethodRun trainedFirst, double[] logitOffsets,
                         EpochListener listener) {
        TrainingData data = memberData.apply(0);
        int nodes = data.snapshot().nodeCount();
        int classes = data.classIndex().size();
        ProbabilityMean mean = size > 1 ? new ProbabilityMean(nodes, classes, size) : null;
        HeldOutMean outOfBag = ownHoldouts && size > 1 ? new HeldOutMean(nodes, classes) : null;
        List<Member> members = new ArrayList<>(size);
        MethodRun first = null;
        long synthetic = 0;
        long epochs = 0;
        for (int m = 0; m < size; m++) {
            TrainingData member = m == 0 ? data : memberData.apply(m);
            long seed = run.training().seed() + m;
            MethodRun trained = m == 0 && trainedFirst != null ? trainedFirst
                : MethodRun.train(run.method(), member.snapshot(), run.training().withSeed(seed), run.synthesis(),
                    distribution, run.graphSmoteUpScale(), listener);
            TrainingResult result = trained.result();
            if (m == 0) {
                first = trained;
            }
            synthetic += trained.syntheticNodes();
            epochs += trained.epochs();
            if (mean != null) {
                mean.add(result.logits(), logitOffsets);
            }
            if (outOfBag != null) {
                outOfBag.add(result.logits(), logitOffsets, member.snapshot().valMask());
            }
            members.add(new Member(seed, result.bestEpoch(), result.validation(), result.parameters()));
        }
        SynthesisReport synthesis = first.synthesis();
        double perEpoch = epochs == 0 ? 0 : (double) synthetic / epochs;
        TrainingResult single = first.result();
        if (mean == null) {
            return new Trained(single, members, single.validation(), single.test(), synthesis, perEpoch);
        }
        GraphSnapshot graph = data.snapshot();
        Evaluation validation = outOfBag != null ? outOfBag.evaluate(graph.classes(), classes)
            : mean.evaluate(graph, graph.valMask());
        return new Trained(single, members, validation, mean.evaluate(graph, graph.testMask()), synthesis, perEpoch);
    }
}
