package org.graphsha.method;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Scores;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;
import org.graphsha.method.selection.CandidateScoring;
import org.graphsha.method.selection.CrossValidation;
import org.graphsha.method.selection.MethodCandidate;
import org.graphsha.method.selection.MethodCandidates;
import org.graphsha.method.selection.SelectionStats;
import org.graphsha.method.selection.StratifiedFolds;
import org.graphsha.nn.Tensor;
import org.graphsha.synthesis.SynthesisReport;
import org.graphsha.training.decision.DecisionOptions;
import org.graphsha.training.decision.OperatingPoint;
import org.graphsha.training.ensemble.HeldOutMean;
import org.graphsha.training.ensemble.ProbabilityMean;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainingResult;
import org.graphsha.training.losses.LossKind;
import org.graphsha.training.selection.LogitReadout;

/**
 * How a model is trained, whoever asks: {@code graphsha.train} and the bench both run this plan. With candidates it
 * scores them first (docs/algorithm.md §10.5) and keeps the chosen one; then it trains an ensemble of the chosen (or
 * only) run configuration, member m the run of seed + m: its own synthesizer and, when the caller gives member
 * snapshots, its own holdout (§10.6). Member 0 is the run a call without an ensemble makes. Only the members'
 * parameters and the running means of their probabilities are kept, not every member's N × C logits.
 *
 * <p>The plan reads no database: the procedure adds the read of the projection, the memory guard, progress and the
 * catalog; the bench adds its datasets and reports.
 */
public final class TrainingPlan {

    /** Told after each member's training (or, for a member 0 kept from the scoring, when it is taken over). */
    @FunctionalInterface
    public interface MemberListener {
        MemberListener NONE = (member, seed, run) -> { };

        void onMember(int member, long seed, MethodRun run);
    }

    /**
     * The method the plan trains.
     *
     * @param index     the chosen candidate's index, 0 without candidates
     * @param run       what the ensemble trains: the chosen candidate, or the only run configuration
     * @param stats     what the candidates' scoring measured; null without candidates
     * @param chosenRun the chosen candidate's run when scored on the validation nodes, which is member 0 and need not
     *                  be trained again; null after cross-validation or without candidates
     * @param nanos     how long the scoring took; 0 without candidates
     */
    public record Choice(int index, MethodCandidate run, SelectionStats stats, MethodRun chosenRun, long nanos) {}

    /**
     * The model's probabilities on the validation and test nodes and the metrics of their argmax, from which a
     * decision rule is fitted ({@link OperatingPoint#fit}).
     */
    public record DecisionInputs(int[] trainingCounts, Scores validationRows, Scores testRows, Evaluation validation,
                                 Evaluation test) {}

    /** One member: its seed, its selected epoch and that epoch's validation metrics, its parameters. */
    public record Member(long seed, int bestEpoch, Evaluation validation, List<Tensor> parameters) {}

    /**
     * @param first                  member 0's whole result (device, threads, and a single model's metrics)
     * @param validation             the model's validation metrics: member 0's alone; else those of the members' mean
     *                               on the shared validation nodes, or out of bag when each member drew its own holdout
     * @param test                   as {@code validation}, on the test nodes of member 0's snapshot
     * @param synthesis              member 0's last synthesis report; null for methods without one
     * @param syntheticNodesPerEpoch over every epoch of every member
     * @param logitOffsets           the model's per-class offsets (PC Softmax's log priors), applied to every member
     * @param operatingPoint         the calibration and decision rule fitted on the validation nodes; {@code validation}
     *                               and {@code test} are the metrics under that rule
     * @param decisionInputs         what the rule was fitted from, so that another rule can be fitted to the same model
     */
    public record Trained(Choice choice, TrainingResult first, List<Member> members, Evaluation train,
                          Evaluation validation, Evaluation test, SynthesisReport synthesis, double syntheticNodesPerEpoch,
                          double[] logitOffsets, OperatingPoint operatingPoint, DecisionInputs decisionInputs) {

        /** The operating point of another decision rule on the same trained model (the bench compares rules). */
        public OperatingPoint decide(DecisionOptions options) {
            DecisionInputs in = decisionInputs;
            return OperatingPoint.fit(options, in.trainingCounts(), in.validationRows(), in.testRows(),
                in.validation(), in.test());
        }

        public List<List<Tensor>> otherMembers() {
            return members.subList(1, members.size()).stream().map(Member::parameters).toList();
        }
    }

    private static final Scores NO_ROWS = new Scores(new int[0], new double[0][]);

    private final List<MethodCandidate> runs;
    private final MethodCandidates selection;
    private final int ensembleSize;
    private final DecisionOptions decision;

    /** A plan that predicts with today's argmax ({@code decisionRule: 'balanced'}). */
    public TrainingPlan(List<MethodCandidate> runs, MethodCandidates selection, int ensembleSize) {
        this(runs, selection, ensembleSize, DecisionOptions.BALANCED);
    }

    /**
     * @param runs         each candidate with the options of a call naming it alone, or the one run configuration
     * @param selection    the candidates' scoring; {@link MethodCandidates#OFF} for a single run configuration
     * @param ensembleSize members of the final model, at least 1
     * @param decision     the decision rule fitted after training (docs/algorithm.md §11)
     */
    public TrainingPlan(List<MethodCandidate> runs, MethodCandidates selection, int ensembleSize,
                        DecisionOptions decision) {
        if (runs.isEmpty() || (!selection.enabled() && runs.size() != 1)) {
            throw new IllegalArgumentException("a plan trains one run configuration or chooses among candidates, "
                + "but got " + runs.size() + " run configurations");
        }
        if (ensembleSize < 1) {
            throw new IllegalArgumentException("an ensemble has at least 1 member, but got " + ensembleSize);
        }
        this.runs = List.copyOf(runs);
        this.selection = selection;
        this.ensembleSize = ensembleSize;
        this.decision = decision;
    }

    /** The same plan, each run with {@code threads} PyTorch intra-op threads. */
    public TrainingPlan withThreads(int threads) {
        return new TrainingPlan(runs.stream().map(r -> r.withThreads(threads)).toList(), selection, ensembleSize,
            decision);
    }

    /** The same plan with another number of members. */
    public TrainingPlan withEnsembleSize(int members) {
        return new TrainingPlan(runs, selection, members, decision);
    }

    /** Each candidate's run configuration, or the one run configuration. */
    public List<RunConfig> runConfigs() {
        return runs.stream().map(MethodCandidate::config).toList();
    }

    public MethodCandidates selection() {
        return selection;
    }

    public int ensembleSize() {
        return ensembleSize;
    }

    /** Fails, before any training, when there are too many folds for the snapshot's training nodes. */
    public void checkFolds(GraphSnapshot snapshot, long seed) {
        if (selection.enabled() && selection.scoringOf(snapshot) == CandidateScoring.FOLDS) {
            StratifiedFolds.assign(snapshot.trainMask(), snapshot.classes(), snapshot.classCount(), selection.folds(),
                seed);
        }
    }

    /** Trainings of one epoch count each that {@link #train} makes, for progress: the scoring's, then the members'. */
    public int trainings(GraphSnapshot snapshot) {
        if (!selection.enabled()) {
            return ensembleSize;
        }
        return selection.scoringRuns(snapshot) + ensembleSize - (selection.keepsChosenRun(snapshot) ? 1 : 0);
    }

    /** The choice and the ensemble, one after the other; every epoch of every training is told to {@code epochs}. */
    public Trained train(GraphSnapshot snapshot, long seed, LongFunction<GraphSnapshot> memberSnapshots,
                         EpochListener epochs, CrossValidation.FoldListener scoringRuns, MemberListener members) {
        return ensemble(choose(snapshot, seed, epochs, scoringRuns), snapshot, seed, memberSnapshots, epochs, members);
    }

    /**
     * Scores the candidates on the snapshot with the run's seed; without candidates, the only run configuration.
     *
     * @param epochs told of every epoch of every scoring run
     */
    public Choice choose(GraphSnapshot snapshot, long seed, EpochListener epochs, CrossValidation.FoldListener runs) {
        if (!selection.enabled()) {
            return new Choice(0, this.runs.get(0), null, null, 0);
        }
        long start = System.nanoTime();
        MethodCandidates.Scored scored = selection.scoreKeepingChosen(snapshot, this.runs, seed, epochs, runs);
        int winner = scored.stats().winner();
        return new Choice(winner, this.runs.get(winner), scored.stats(), scored.chosenRun(), System.nanoTime() - start);
    }

    /**
     * The final model: {@code ensembleSize} trainings of the chosen run configuration.
     *
     * @param snapshot        member 0's snapshot, on which the mean is evaluated
     * @param seed            member 0's seed; member m trains with seed + m
     * @param memberSnapshots each member's snapshot by its seed when each draws its own holdout; null when all share
     *                        {@code snapshot}
     * @param epochs          told of every epoch of every member trained here, in order
     */
    public Trained ensemble(Choice choice, GraphSnapshot snapshot, long seed,
                            LongFunction<GraphSnapshot> memberSnapshots, EpochListener epochs,
                            MemberListener onMember) {
        MethodCandidate run = choice.run();
        double[] offsets = LogitReadout.logitOffsets(snapshot, run.config().training().loss() == LossKind.PC_SOFTMAX);
        int nodes = snapshot.nodeCount();
        int classes = snapshot.classCount();
        int size = ensembleSize;
        boolean ownHoldouts = memberSnapshots != null;
        ProbabilityMean mean = size > 1 ? new ProbabilityMean(nodes, classes, size) : null;
        HeldOutMean outOfBag = ownHoldouts && size > 1 ? new HeldOutMean(nodes, classes) : null;
        List<Member> members = new ArrayList<>(size);
        MethodRun first = null;
        long synthetic = 0;
        long epochCount = 0;
        for (int m = 0; m < size; m++) {
            long memberSeed = seed + m;
            GraphSnapshot member = m == 0 || !ownHoldouts ? snapshot : memberSnapshots.apply(memberSeed);
            MethodRun trained = m == 0 && choice.chosenRun() != null ? choice.chosenRun()
                : run.run(member, memberSeed, epochs);
            TrainingResult result = trained.result();
            if (m == 0) {
                first = trained;
            }
            synthetic += trained.syntheticNodes();
            epochCount += trained.epochs();
            if (mean != null) {
                mean.add(result.logits(), offsets);
            }
            if (outOfBag != null) {
                outOfBag.add(result.logits(), offsets, member.valMask());
            }
            members.add(new Member(memberSeed, result.bestEpoch(), result.validation(), result.parameters()));
            onMember.onMember(m, memberSeed, trained);
        }
        SynthesisReport synthesis = first.synthesis();
        double perEpoch = epochCount == 0 ? 0 : (double) synthetic / epochCount;
        TrainingResult single = first.result();
        boolean tested = snapshot.testMask() != null && Masks.indices(snapshot.testMask()).length > 0;
        Evaluation validation;
        Evaluation test;
        Scores validationRows;
        Scores testRows;
        if (mean == null) {
            validation = single.validation();
            test = single.test();
            validationRows = ProbabilityMean.single(single.logits(), offsets, snapshot, snapshot.valMask());
            testRows = tested ? ProbabilityMean.single(single.logits(), offsets, snapshot, snapshot.testMask()) : NO_ROWS;
        } else {
            validation = outOfBag != null ? outOfBag.evaluate(snapshot.classes(), classes)
                : mean.evaluate(snapshot, snapshot.valMask());
            test = mean.evaluate(snapshot, snapshot.testMask());
            validationRows = outOfBag != null ? outOfBag.heldOut(snapshot.classes())
                : mean.at(snapshot, snapshot.valMask());
            testRows = tested ? mean.at(snapshot, snapshot.testMask()) : NO_ROWS;
        }
        int[] trainingCounts = snapshot.classCounts(Masks.indices(snapshot.trainMask()));
        DecisionInputs inputs = new DecisionInputs(trainingCounts, validationRows, testRows, validation, test);
        OperatingPoint point = OperatingPoint.fit(decision, trainingCounts, validationRows, testRows, validation,
            test);
        // The training nodes of member 0, scored as the model predicts (for an ensemble, its mean probabilities).
        Scores trainRows = mean == null
            ? ProbabilityMean.single(single.logits(), offsets, snapshot, snapshot.trainMask())
            : mean.at(snapshot, snapshot.trainMask());
        return new Trained(choice, single, members, point.classify(trainRows), point.validation(), point.test(),
            synthesis, perEpoch, offsets, point, inputs);
    }
}
