package org.graphsha.tools.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.graphsha.config.TrainConfig.FeatureNormalization;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.KnownDataset;
import org.graphsha.data.TieOrder;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.TrainingPlan;
import org.graphsha.method.selection.CrossValidation;
import org.graphsha.tools.console.ProgressDisplay;
import org.graphsha.training.loop.TrainingResult;

/**
 * {@code bench --table lt|step} and {@code bench --rho-sweep ...}: runs every requested backbone ×
 * method × dataset (× ρ) cell for several seeds through the {@link TrainingPlan} that graphsha.train runs, saves
 * each run the moment it finishes ({@link TableResults}), skips runs already saved, and after every cell rewrites
 * the Markdown table and the SVG plots from the saved results.
 */
final class TableCommand {

    /** One cell to work on, with the seeds it still lacks. */
    private record Work(String backbone, String method, KnownDataset dataset, double ratio, TrainConfig train,
                        Map<String, String> config, List<Long> pendingSeeds) {
        String label() {
            return backbone + "/" + method + " " + dataset.id() + " ρ=" + TableMarkdown.ratio(ratio);
        }
    }

    private TableCommand() {}

    /** @return 0 on success, 2 for bad flags, 1 when a run fails or the saved results do not fit */
    static int run(String[] args, PrintStream out) {
        TableOptions options;
        try {
            options = TableOptions.parse(args);
        } catch (BenchOptions.UsageException e) {
            out.println("error: " + e.getMessage());
            out.println(TableOptions.USAGE);
            return 2;
        }
        try {
            execute(options, out);
            return 0;
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            out.println("error: " + e.getMessage());
            return 1;
        }
    }

    private static void execute(TableOptions o, PrintStream out) {
        o.skipped().forEach(out::println);
        TableResults results = TableResults.open(o.outDir().resolve(o.stem() + ".json"));
        List<Work> plan = plan(o, results, out);
        int total = plan.stream().mapToInt(w -> w.pendingSeeds().size()).sum();
        int finished = plan.size() * o.runs() - total;
        out.printf(Locale.ROOT, "%s: %d cells, %d of %d runs already saved in %s, %d to do%n", o.stem(), plan.size(),
            finished, plan.size() * o.runs(), results.file(), total);
        ProgressDisplay display = ProgressDisplay.forStandardOutput(System.err);
        Map<String, GraphSnapshot> snapshots = new HashMap<>();
        Map<String, NeighbourDistribution> diffusions = new HashMap<>();
        int done = 0;
        int cellIndex = 0;
        for (Work w : plan) {
            cellIndex++;
            if (w.pendingSeeds().isEmpty()) {
                continue;
            }
            FeatureNormalization form = w.train().featureNormalization();
            String dataKey = w.dataset().id() + "/" + w.ratio() + "/" + form;
            GraphSnapshot snapshot = snapshots.computeIfAbsent(dataKey, k -> BenchDatasets.load(w.dataset(),
                o.longTailed(), o.datasetsDir(), w.ratio(), TieOrder.ASCENDING, form));
            NeighbourDistribution diffusion = null;
            if (w.train().run().method().needsDiffusion()) {
                diffusion = diffusions.computeIfAbsent(dataKey + "/" + w.train().diffusion(),
                    k -> BenchCommand.diffusionFor(snapshot, w.train(), false));
            }
            // --threads 0 means 1 PyTorch intra-op thread, which keeps runs bit-reproducible.
            TrainingPlan training = w.train().plan(diffusion).withThreads(Math.max(o.threads(), 1))
                .withEnsembleSize(1);
            int[] trainCounts = trainCounts(snapshot);
            for (int i = 0; i < w.pendingSeeds().size(); i++) {
                long seed = w.pendingSeeds().get(i);
                String label = String.format(Locale.ROOT, "cell %d/%d %s seed %d (%d/%d)", cellIndex, plan.size(),
                    w.label(), seed, i + 1, w.pendingSeeds().size());
                int doneBefore = done;
                long start = System.nanoTime();
                TrainingResult r = training.train(snapshot, seed, null, report ->
                    display.update(label, (doneBefore + (report.epoch() + 1.0) / report.epochs()) / total),
                    CrossValidation.FoldListener.NONE, TrainingPlan.MemberListener.NONE).first();
                double seconds = (System.nanoTime() - start) / 1e9;
                display.finish();
                results.add(w.backbone(), w.method(), w.dataset().id(), w.ratio(), w.config(), trainCounts,
                    toRun(seed, r, seconds));
                done++;
                out.printf(Locale.ROOT, "%s: acc %.2f  bAcc %.2f  F1 %.2f  (best epoch %d, %.1f s)%n", label,
                    100 * r.test().accuracy(), 100 * r.test().balancedAccuracy(), 100 * r.test().macroF1(),
                    r.bestEpoch(), seconds);
            }
            writeOutputs(o, results);
        }
        writeOutputs(o, results);
        out.println("wrote " + o.outDir().resolve(o.stem() + ".md") + " and its plots");
    }

    /** Every cell of the table in row order, checked against the saved results before any training. */
    private static List<Work> plan(TableOptions o, TableResults results, PrintStream out) {
        List<Work> plan = new ArrayList<>();
        for (double ratio : o.ratios()) {
            for (KnownDataset dataset : o.datasets()) {
                if (!BenchDatasets.available(dataset, o.datasetsDir())) {
                    if (ratio == o.ratios().get(0)) {
                        out.println("skipping dataset " + dataset.id() + ": its files are not under "
                            + (o.datasetsDir() == null ? "(no folder; pass --datasets DIR)" : o.datasetsDir()
                            + " (pass --datasets DIR)"));
                    }
                    continue;
                }
                for (String backbone : o.backbones()) {
                    for (String method : o.methods()) {
                        TrainConfig train = o.trainConfig(backbone, method);
                        Map<String, String> config = configText(train, ratio);
                        results.requireSameConfig(backbone, method, dataset.id(), ratio, config);
                        Set<Long> saved = new HashSet<>();
                        results.find(backbone, method, dataset.id(), ratio)
                            .ifPresent(c -> c.runs().forEach(r -> saved.add(r.seed())));
                        List<Long> pending = new ArrayList<>();
                        for (int i = 0; i < o.runs(); i++) {
                            if (!saved.contains(o.seed() + i)) {
                                pending.add(o.seed() + i);
                            }
                        }
                        plan.add(new Work(backbone, method, dataset, ratio, train, config, pending));
                    }
                }
            }
        }
        return plan;
    }

    /**
     * The cell's effective configuration as text. The seed is left out: each run records its own, and
     * runs with other seeds of the same configuration belong together.
     */
    static Map<String, String> configText(TrainConfig train, double ratio) {
        Map<String, String> text = new TreeMap<>();
        train.effective().forEach((key, value) -> {
            if (!key.equals("modelName") && !key.equals("randomSeed")) {
                text.put(key, String.valueOf(value));
            }
        });
        text.put("imbalanceRatio", String.valueOf(ratio));
        return text;
    }

    private static TableResults.Run toRun(long seed, TrainingResult r, double seconds) {
        double[] recall = r.test().perClassRecall();
        Double[] perClass = new Double[recall.length];
        for (int k = 0; k < recall.length; k++) {
            perClass[k] = Double.isNaN(recall[k]) ? null : 100 * recall[k];
        }
        return new TableResults.Run(seed, 100 * r.test().accuracy(), 100 * r.test().balancedAccuracy(),
            100 * r.test().macroF1(), perClass, r.test().confusion(), r.bestEpoch(), r.medianMsPerEpoch(), seconds,
            r.device(), Instant.now().toString());
    }

    static int[] trainCounts(GraphSnapshot snapshot) {
        int[] counts = new int[snapshot.classCount()];
        boolean[] train = snapshot.trainMask();
        for (int v = 0; v < train.length; v++) {
            if (train[v]) {
                counts[snapshot.classes()[v]]++;
            }
        }
        return counts;
    }

    /** Rewrites the Markdown and the plots; each file is replaced atomically, as another process may render too. */
    private static void writeOutputs(TableOptions o, TableResults results) {
        try {
            Files.createDirectories(o.outDir());
            String markdown = o.sweep() ? SweepMarkdown.render(o, results) : TableMarkdown.render(o, results);
            TableResults.replace(o.outDir().resolve(o.stem() + ".md"), markdown);
            for (Map.Entry<Path, String> plot : TablePlots.render(o, results).entrySet()) {
                TableResults.replace(o.outDir().resolve(plot.getKey()), plot.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write into --out-dir " + o.outDir(), e);
        }
    }
}
