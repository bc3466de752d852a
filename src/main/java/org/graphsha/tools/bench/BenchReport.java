package org.graphsha.tools.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.evaluation.Ranking;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;
import org.graphsha.training.loop.TrainingResult;

/**
 * The aggregated figures of a bench invocation, rendered as a table or as one JSON object. Beside Acc, bAcc and F1
 * it reports the minority class's precision and F1 (the class with the fewest training labels, {@link
 * Metrics#minorityClass}) and, for a two-class target, PR-AUC with that class flagged: the operating point a team
 * acting on the flags sees. A run where a figure is undefined (NaN) is left out of its mean.
 */
record BenchReport(BenchOptions options, int classCount, Summary acc, Summary bacc, Summary f1,
                   double[] perClassAccuracy, double msPerEpoch, double secondsPerRun, double peakRssMb,
                   List<TrainingResult> runs, String device, double[] rssAtEpoch100AndLast, Minority minority) {

    /** The minority class and its figures over the runs, in percent; prAuc is null unless the target has two classes. */
    record Minority(int classIndex, Summary precision, Summary f1, Summary prAuc) {

        static Minority of(GraphSnapshot snapshot, List<TrainingResult> results) {
            int minority = Metrics.minorityClass(snapshot.classCounts(Masks.indices(snapshot.trainMask())));
            double[] precision = new double[results.size()];
            double[] f1 = new double[results.size()];
            double[] prAuc = new double[results.size()];
            for (int i = 0; i < results.size(); i++) {
                Evaluation test = results.get(i).test();
                precision[i] = 100 * test.perClassPrecision()[minority];
                f1[i] = 100 * test.perClassF1()[minority];
                Ranking ranking = snapshot.classCount() == 2 ? test.ranking(minority) : null;
                prAuc[i] = ranking == null ? Double.NaN : 100 * ranking.averagePrecision();
            }
            return new Minority(minority, definedSummary(precision), definedSummary(f1),
                snapshot.classCount() == 2 ? definedSummary(prAuc) : null);
        }

        private static Summary definedSummary(double[] values) {
            double[] defined = Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
            return defined.length == 0 ? new Summary(Double.NaN, Double.NaN, Double.NaN) : Summary.of(defined);
        }
    }

    static BenchReport of(BenchOptions o, GraphSnapshot snapshot, List<TrainingResult> results, double[] seconds,
                          double peakRssMb, double[] rss) {
        int n = results.size();
        int c = snapshot.classCount();
        double[] acc = new double[n];
        double[] bacc = new double[n];
        double[] f1 = new double[n];
        double[] perClass = new double[c];
        int[] scoredRuns = new int[c];
        double[] allEpochs = results.stream().flatMapToDouble(r -> Arrays.stream(r.msPerEpoch())).toArray();
        for (int i = 0; i < n; i++) {
            TrainingResult r = results.get(i);
            acc[i] = 100 * r.test().accuracy();
            bacc[i] = 100 * r.test().balancedAccuracy();
            f1[i] = 100 * r.test().macroF1();
            double[] recall = r.test().perClassRecall();
            for (int k = 0; k < c; k++) {
                if (!Double.isNaN(recall[k])) {
                    perClass[k] += 100 * recall[k];
                    scoredRuns[k]++;
                }
            }
        }
        // A class without test nodes (CS-ST's class 9) has no accuracy; 0 would read as a class never found.
        for (int k = 0; k < c; k++) {
            perClass[k] = scoredRuns[k] == 0 ? Double.NaN : perClass[k] / scoredRuns[k];
        }
        double secondsPerRun = Arrays.stream(seconds).average().orElse(0);
        return new BenchReport(o, c, Summary.of(acc), Summary.of(bacc), Summary.of(f1), perClass,
            BenchCommand.median(allEpochs), secondsPerRun, peakRssMb, results, results.get(0).device(), rss,
            Minority.of(snapshot, results));
    }

    String toTable() {
        StringBuilder b = new StringBuilder();
        BenchOptions o = options;
        b.append(String.format(Locale.ROOT, "%s-%s %s %s: %d runs, seeds %d..%d, %d epochs, device %s%s%n",
            o.datasetId(), o.settingLabel(), o.backbone().id(), o.methodName(), o.runs(), o.seed(),
            o.seed() + o.runs() - 1, o.epochs(), device, variant()));
        b.append(String.format(Locale.ROOT, "%-6s %8s %8s %10s%n", "metric", "mean", "std", "std/sqrtN"));
        row(b, "Acc", acc);
        row(b, "bAcc", bacc);
        row(b, "F1", f1);
        row(b, "minP", minority.precision());
        row(b, "minF1", minority.f1());
        if (minority.prAuc() != null) {
            row(b, "PR-AUC", minority.prAuc());
        }
        b.append(String.format(Locale.ROOT, "minority class %d (fewest training labels): minP, minF1%s%n",
            minority.classIndex(), minority.prAuc() == null ? "" : ", PR-AUC with it flagged"));
        b.append("per-class test accuracy (class 0..").append(classCount - 1).append("):");
        for (double v : perClassAccuracy) {
            b.append(Double.isNaN(v) ? " -" : String.format(Locale.ROOT, " %.1f", v));
        }
        b.append(String.format(Locale.ROOT, "%nms/epoch (median) %.2f (second half of the epochs: %.2f)   seconds/run %.2f"
            + "   peak RSS %.0f MB%n", msPerEpoch, laterHalfMsPerEpoch(), secondsPerRun, peakRssMb));
        double[] phases = meanPhases();
        double total = 0;
        for (double v : phases) {
            total += v;
        }
        b.append(String.format(Locale.ROOT, "mean ms/epoch by phase: train step %.2f, eval forward %.2f (engine %.0f%%);"
                + " Java: synthesis %.2f, dropout mask %.2f, optimizer %.2f, metrics %.2f%n",
            phases[2], phases[3], 100 * (phases[2] + phases[3]) / total, phases[0], phases[1], phases[4], phases[5]));
        b.append(String.format(Locale.ROOT, "RSS of run 1 after epoch 100: %.0f MB, after epoch %d: %.0f MB%n",
            rssAtEpoch100AndLast[0], o.epochs(), rssAtEpoch100AndLast[1]));
        return b.toString();
    }

    /**
     * Median over the second half of every run's epochs: the steady state, past synthesis warm-up epochs
     * (GraphSHA's first six synthesise up to the largest class, several times the later count).
     */
    double laterHalfMsPerEpoch() {
        return BenchCommand.median(runs.stream().flatMapToDouble(r -> Arrays.stream(r.msPerEpoch(),
            r.msPerEpoch().length / 2, r.msPerEpoch().length)).toArray());
    }

    /** Non-default model choices, so a table says what it measured. */
    private String variant() {
        StringBuilder v = new StringBuilder();
        if (options.gcnNorm() != org.graphsha.nn.GcnNormalization.MEAN) {
            v.append(", GCN normalization ").append(options.gcnNorm().id());
        }
        if (options.heads() != 4) {
            v.append(", ").append(options.heads()).append(" GAT heads");
        }
        if (options.longTailed() && !options.ties().equals(org.graphsha.data.TieOrder.ASCENDING)) {
            v.append(", LT ties ").append(options.ties());
        }
        return v.toString();
    }

    /** synthesis, dropout mask, train step, eval forward, optimizer, evaluation: mean over runs. */
    double[] meanPhases() {
        double[] p = new double[6];
        for (TrainingResult r : runs) {
            var t = r.timeBreakdown();
            double[] v = {t.synthesis(), t.dropoutMask(), t.trainStep(), t.evalForward(), t.optimizer(), t.evaluation()};
            for (int i = 0; i < 6; i++) {
                p[i] += v[i] / runs.size();
            }
        }
        return p;
    }

    private static void row(StringBuilder b, String name, Summary s) {
        b.append(String.format(Locale.ROOT, "%-6s %8.2f %8.2f %10.2f%n", name, s.mean(), s.std(), s.stdError()));
    }

    String toJson() {
        BenchOptions o = options;
        StringBuilder b = new StringBuilder("{");
        b.append("\"dataset\":\"").append(o.datasetId()).append("\",");
        b.append("\"setting\":\"").append(o.generated() ? "time" : o.longTailed() ? "lt" : "step").append("\",");
        b.append("\"backbone\":\"").append(o.backbone().id()).append("\",");
        b.append("\"method\":\"").append(o.methodName()).append("\",");
        b.append("\"runs\":").append(o.runs()).append(',');
        b.append("\"seed\":").append(o.seed()).append(',');
        b.append("\"epochs\":").append(o.epochs()).append(',');
        b.append("\"device\":\"").append(device).append("\",");
        summary(b, "acc", acc);
        summary(b, "bacc", bacc);
        summary(b, "f1", f1);
        b.append("\"minorityClass\":").append(minority.classIndex()).append(',');
        summary(b, "minorityPrecision", minority.precision());
        summary(b, "minorityF1", minority.f1());
        if (minority.prAuc() != null) {
            summary(b, "prAuc", minority.prAuc());
        }
        b.append("\"perClassAccuracy\":[");
        for (int k = 0; k < perClassAccuracy.length; k++) {
            b.append(k == 0 ? "" : ",").append(num(perClassAccuracy[k]));
        }
        b.append("],");
        b.append("\"msPerEpoch\":").append(num(msPerEpoch)).append(',');
        b.append("\"secondsPerRun\":").append(num(secondsPerRun)).append(',');
        b.append("\"peakRssMb\":").append(num(peakRssMb)).append(',');
        b.append("\"rssAfterEpoch100Mb\":").append(num(rssAtEpoch100AndLast[0])).append(',');
        b.append("\"rssAfterLastEpochMb\":").append(num(rssAtEpoch100AndLast[1])).append(',');
        double[] p = meanPhases();
        b.append("\"timeBreakdownMs\":{\"synthesis\":").append(num(p[0])).append(",\"dropoutMask\":").append(num(p[1]))
            .append(",\"trainStep\":").append(num(p[2])).append(",\"evalForward\":").append(num(p[3]))
            .append(",\"optimizer\":").append(num(p[4])).append(",\"evaluation\":").append(num(p[5])).append('}');
        return b.append("}\n").toString();
    }

    private static void summary(StringBuilder b, String key, Summary s) {
        b.append('"').append(key).append("\":{\"mean\":").append(num(s.mean())).append(",\"std\":")
            .append(num(s.std())).append(",\"stdError\":").append(num(s.stdError())).append("},");
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.4f", v) : "null";
    }
}
