package org.graphsha.tools.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.graphsha.config.ConfigReader;
import org.graphsha.config.TrainConfig.FeatureNormalization;
import org.graphsha.config.TrainConfig;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.evaluation.Evaluation;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.Method;
import org.graphsha.method.TrainingPlan;
import org.graphsha.method.selection.CandidateScoring;
import org.graphsha.method.selection.CrossValidation;
import org.graphsha.method.selection.SelectionStats;
import org.graphsha.tools.console.ProgressDisplay;
import org.graphsha.tools.generate.UserGraph;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainingResult;

/**
 * {@code bench}: trains one backbone/method on one dataset for several seeds (seed, seed+1, ...) and
 * prints mean and spread of test Acc, bAcc and macro-F1 (percent), per-class test accuracy, the median
 * ms per epoch, seconds per run and peak RSS. It runs the learning core directly on the dataset files
 * with the split procedures' exact splits.
 */
public final class BenchCommand {

    private BenchCommand() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /** @return 0 on success, 2 for bad flags, 1 when a run fails */
    public static int run(String[] args, PrintStream out) {
        if (TableOptions.requested(args)) {
            return TableCommand.run(args, out);
        }
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (BenchOptions.UsageException e) {
            out.println("error: " + e.getMessage());
            out.println(BenchOptions.USAGE);
            return 2;
        }
        try {
            String report = execute(options, out);
            out.print(report);
            if (options.out() != null) {
                Files.writeString(options.out(), report, StandardCharsets.UTF_8);
            }
            return 0;
        } catch (IllegalArgumentException | IllegalStateException | IOException e) {
            out.println("error: " + e.getMessage());
            return 1;
        }
    }

    private static String execute(BenchOptions o, PrintStream progress) {
        UserGraphSnapshot user = o.userShaped() ? userGraph(o, progress) : null;
        GraphSnapshot snapshot = user != null ? user.forSeed(o.seed())
            : o.generated() ? GeneratedSnapshot.arxivSize(p -> { })
            : BenchDatasets.load(o.dataset(), o.longTailed(), o.datasets(),
                o.longTailed() ? BenchDatasets.LT_RATIO : BenchDatasets.STEP_RATIO, o.ties(),
                o.train().featureNormalization());
        if (user == null && !o.generated() && o.train().featureNormalization() != FeatureNormalization.AUTO
            && !o.json()) {
            progress.println("features (" + ConfigReader.choiceName(o.train().featureNormalization())
                + "), as --featureNormalization asks; auto keeps the reference's row sums");
        }
        Object[] classValues = new Object[snapshot.classCount()];
        for (int c = 0; c < classValues.length; c++) {
            classValues[c] = (long) c;
        }
        o.train().decision().requireFits(classValues);
        long diffusionStart = System.nanoTime();
        // A user graph's holdout is drawn again per seed among its labelled (training and validation) nodes.
        NeighbourDistribution distribution = diffusionFor(snapshot, o.train(), user != null);
        if (distribution != null && !o.json()) {
            progress.printf(Locale.ROOT, "diffusion (%s): %.2f s, %d entries, %d bytes%n",
                o.train().diffusion().kind().value(), (System.nanoTime() - diffusionStart) / 1e9,
                distribution.entryCount(), distribution.bytes());
        }
        // Without --average-seeds each run is a plan of one member; with it, a block of K seeds is one ensemble.
        // --threads 0 means 1 PyTorch intra-op thread, which keeps runs bit-reproducible.
        TrainingPlan plan = o.train().plan(distribution).withThreads(Math.max(o.threads(), 1))
            .withEnsembleSize(Math.max(1, o.averageSeeds()));
        int block = plan.ensembleSize();
        List<TrainingResult> results = new ArrayList<>();
        List<Evaluation> blocks = new ArrayList<>();
        double[] seconds = new double[o.runs()];
        // Resident memory of the first run after epoch 100 and after its last epoch: per-epoch leaks show here.
        double[] rss = {Double.NaN, Double.NaN};
        ProgressDisplay display = ProgressDisplay.forStandardOutput(System.err);
        boolean selecting = plan.selection().enabled();
        List<String> chosen = new ArrayList<>();
        RuleComparison rules = o.decisionRules().isEmpty() ? null : new RuleComparison(o.decisionRules());
        SpreadingComparison spreadings = o.spreadings().isEmpty() ? null : new SpreadingComparison(o.spreadings());
        for (int b = 0; b < o.runs() / block; b++) {
            long blockSeed = o.seed() + (long) b * block;
            int firstRun = b * block;
            // The user graph's holdout follows the seed, as the procedure's does; the adjacency (and so S̃) does not.
            GraphSnapshot blockSnapshot = user == null || blockSeed == o.seed() ? snapshot : user.forSeed(blockSeed);
            int trainings = plan.trainings(blockSnapshot);
            long[] started = {System.nanoTime()};
            long[] epochsDone = {0};
            EpochListener listener = report -> {
                epochsDone[0]++;
                display.update("run " + (firstRun + 1) + "/" + o.runs(),
                    (firstRun + block * epochsDone[0] / ((double) report.epochs() * trainings)) / o.runs());
                if (results.isEmpty() && (report.epoch() == 99 || report.epoch() == report.epochs() - 1)) {
                    rss[report.epoch() == 99 ? 0 : 1] = PeakMemory.currentRssMb();
                }
            };
            TrainingPlan.Choice choice = plan.choose(blockSnapshot, blockSeed, listener,
                CrossValidation.FoldListener.NONE);
            if (selecting) {
                for (int m = 0; m < block; m++) {
                    chosen.add(choice.stats().chosen());
                }
                if (!o.json()) {
                    progress.println(selectionLine(firstRun + 1, blockSeed, choice.stats()));
                }
            }
            TrainingPlan.Trained trained = plan.ensemble(choice, blockSnapshot, blockSeed,
                user == null ? null : user::forSeed, listener, (member, seed, run) -> {
                    int i = firstRun + member;
                    long now = System.nanoTime();
                    seconds[i] = (now - started[0]) / 1e9;
                    started[0] = now;
                    display.finish();
                    TrainingResult r = run.result();
                    results.add(r);
                    // A single run is printed once its decision rule is fitted, below.
                    if (!o.json() && block > 1) {
                        progress.println(runLine(i + 1, seed, r, seconds[i]));
                    }
                });
            if (block == 1) {
                // The run's metrics under the decision rule (the same objects under 'balanced').
                TrainingResult r = results.remove(results.size() - 1).withEvaluations(trained.validation(),
                    trained.test());
                results.add(r);
                if (!o.json()) {
                    progress.println(runLine(firstRun + 1, blockSeed, r, seconds[firstRun]));
                }
            }
            blocks.add(trained.test());
            if (rules != null) {
                rules.add(trained);
            }
            if (spreadings != null) {
                spreadings.add(trained, blockSnapshot);
            }
        }
        if (selecting && !o.json()) {
            progress.println("chosen per seed: " + String.join(" ", chosen));
        }
        if (o.averageSeeds() > 0) {
            printSeedAverages(progress, o, blocks);
        }
        BenchReport report = BenchReport.of(o, snapshot, results, seconds, PeakMemory.peakRssMb(), rss);
        return o.json() ? report.toJson() : report.toTable() + (rules == null ? "" : rules.table(snapshot))
            + (spreadings == null ? "" : spreadings.table());
    }

    /**
     * S̃ of the snapshot with the call's diffusion options, or null when no method needs it; with candidates, computed
     * once when any of them needs it (the diffusion keys are the call's, so every run's synthesis options carry the
     * same ones).
     */
    static NeighbourDistribution diffusionFor(GraphSnapshot snapshot, TrainConfig train, boolean withValidation) {
        return train.methods().stream().filter(Method::needsDiffusion).findFirst()
            .map(m -> m.diffusion(snapshot, train.runs().get(0).run().synthesis(), withValidation)).orElse(null);
    }

    /** One line per block of {@code --average-seeds} runs, then the blocks' mean and std. */
    private static void printSeedAverages(PrintStream out, BenchOptions o, List<Evaluation> blocks) {
        int k = o.averageSeeds();
        double[] bacc = new double[blocks.size()];
        for (int b = 0; b < blocks.size(); b++) {
            Evaluation e = blocks.get(b);
            bacc[b] = 100 * e.balancedAccuracy();
            out.printf(Locale.ROOT, "seed average %d (seeds %d-%d): acc %.2f  bAcc %.2f  F1 %.2f%n", b + 1,
                o.seed() + (long) b * k, o.seed() + (long) b * k + k - 1, 100 * e.accuracy(), bacc[b], 100 * e.macroF1());
        }
        Summary summary = Summary.of(bacc);
        out.printf(Locale.ROOT, "seed averages of %d runs: bAcc %.2f ± %.2f over %d blocks%n", k, summary.mean(),
            summary.std(), bacc.length);
    }

    private static UserGraphSnapshot userGraph(BenchOptions o, PrintStream progress) {
        UserGraph graph = UserGraph.generate(o.userGraph());
        UserGraphSnapshot snapshot = new UserGraphSnapshot(graph, o.train());
        if (!o.json()) {
            progress.printf(Locale.ROOT, "usergraph: %d nodes, %d relationships; labeled/all per class: %s;"
                + " the unlabeled nodes are the test set%n", graph.graph().nodeCount(),
                graph.graph().relationshipCount(), graph.labelsPerClass());
            progress.println(snapshot.transformLine());
        }
        return snapshot;
    }

    /** One run's line: its logits' hash (runs with the same seed must match bit for bit) and test metrics. */
    private static String runLine(int run, long seed, TrainingResult r, double seconds) {
        return String.format(Locale.ROOT, "run %d seed %d: best epoch %d  logits %08x  acc %.2f  bAcc %.2f  F1 %.2f"
                + "  val bAcc %.2f  (%.1f s, %.1f ms/epoch)", run, seed, r.bestEpoch(), Arrays.hashCode(r.logits()),
            100 * r.test().accuracy(), 100 * r.test().balancedAccuracy(), 100 * r.test().macroF1(),
            100 * r.validation().balancedAccuracy(), seconds, r.medianMsPerEpoch());
    }

    /** Which method the scoring chose for a seed, and every candidate's fold (or validation) bAcc (percent). */
    static String selectionLine(int run, long seed, SelectionStats stats) {
        boolean folds = stats.scoring() == CandidateScoring.FOLDS;
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "run %d seed %d: chose %s; %s bAcc", run,
            seed, stats.chosen(), folds ? "fold" : "validation"));
        for (int c = 0; c < stats.names().size(); c++) {
            if (!folds) {
                line.append(String.format(Locale.ROOT, "%s %s %.2f [e%d]", c == 0 ? "" : ",", stats.names().get(c),
                    100 * stats.mean(c), stats.epochs()[c][0]));
                continue;
            }
            line.append(String.format(Locale.ROOT, "%s %s %.2f ± %.2f [", c == 0 ? "" : ",", stats.names().get(c),
                100 * stats.mean(c), 100 * stats.std(c)));
            for (int f = 0; f < stats.scores()[c].length; f++) {
                line.append(String.format(Locale.ROOT, "%s%.1f", f == 0 ? "" : " ", 100 * stats.scores()[c][f]));
            }
            line.append(" e");
            for (int f = 0; f < stats.epochs()[c].length; f++) {
                line.append(f == 0 ? "" : "/").append(stats.epochs()[c][f]);
            }
            line.append(']');
        }
        return line.toString();
    }

    static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n == 0 ? 0 : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
