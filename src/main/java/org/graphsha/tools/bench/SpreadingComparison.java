package org.graphsha.tools.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.evaluation.Scores;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;
import org.graphsha.method.TrainingPlan;

/**
 * {@code bench --label-spreading 0.8:0.25,0.8:0.5}: each run's test probabilities blended with {@link LabelSpreading}
 * from its training labels, (1 − w)·p + w·Z, and scored as the balanced argmax of the blend. For a two-class target
 * also the blend's PR-AUC and its test oracle, the largest minority F1 a threshold on the blend reaches with bAcc at
 * most {@link RuleComparison#ORACLE_BACC_SLACK} under the model's own argmax. It measures what a ranking that reads
 * the labels would add; no method trains or predicts with it. With {@code --average-seeds} a block is scored by its
 * mean probabilities and spread from its first member's training labels.
 */
final class SpreadingComparison {

    /** One blend as the flag names it. */
    record Blend(String label, double alpha, double weight) {}

    private final List<Blend> blends;
    /** Per blend (the model alone first), per run: bAcc, F1, minP, minR, minF1, PR-AUC, oracle minF1. */
    private final List<List<double[]>> rows = new ArrayList<>();

    SpreadingComparison(List<Blend> blends) {
        this.blends = blends;
        for (int b = 0; b <= blends.size(); b++) {
            rows.add(new ArrayList<>());
        }
    }

    /** Reads {@code ALPHA:WEIGHT,...}, alpha in (0, 1) and weight in [0, 1]. */
    static List<Blend> parse(String list) {
        List<Blend> blends = new ArrayList<>();
        for (String entry : list.split(",")) {
            String[] parts = entry.strip().split(":");
            double alpha = parts.length == 2 ? parseOrNaN(parts[0]) : Double.NaN;
            double weight = parts.length == 2 ? parseOrNaN(parts[1]) : Double.NaN;
            if (!(alpha > 0 && alpha < 1 && weight >= 0 && weight <= 1)) {
                throw new BenchOptions.UsageException("--label-spreading: `" + entry + "` must be ALPHA:WEIGHT with "
                    + "alpha in (0, 1) and weight in [0, 1], e.g. 0.8:0.25");
            }
            blends.add(new Blend("spread a" + parts[0] + " w" + parts[1], alpha, weight));
        }
        return List.copyOf(blends);
    }

    private static double parseOrNaN(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    void add(TrainingPlan.Trained trained, GraphSnapshot snapshot) {
        Scores model = trained.decisionInputs().testRows();
        int classes = snapshot.classCount();
        int minority = Metrics.minorityClass(snapshot.classCounts(Masks.indices(snapshot.trainMask())));
        int[] testNodes = Masks.indices(snapshot.testMask());
        double[] own = score(model, minority, classes, Double.NaN);
        rows.get(0).add(own);
        LabelSpreading spreading = new LabelSpreading(snapshot.adjacency(), snapshot.classes(), snapshot.trainMask(),
            classes);
        Map<Double, double[]> spreadings = new HashMap<>();
        for (int b = 0; b < blends.size(); b++) {
            Blend blend = blends.get(b);
            double[] z = spreadings.computeIfAbsent(blend.alpha(), spreading::spread);
            double[][] mixed = new double[testNodes.length][classes];
            for (int i = 0; i < testNodes.length; i++) {
                for (int c = 0; c < classes; c++) {
                    mixed[i][c] = (1 - blend.weight()) * model.probabilities()[i][c]
                        + blend.weight() * z[testNodes[i] * classes + c];
                }
            }
            rows.get(b + 1).add(score(new Scores(model.truth(), mixed), minority, classes, own[0] / 100));
        }
    }

    /** @param modelBalancedAccuracy the model's own argmax bAcc, the oracle's floor; NaN for these scores' own */
    private static double[] score(Scores scores, int minority, int classes, double modelBalancedAccuracy) {
        int[] predicted = new int[scores.truth().length];
        for (int i = 0; i < predicted.length; i++) {
            double[] p = scores.probabilities()[i];
            for (int c = 1; c < classes; c++) {
                predicted[i] = p[c] > p[predicted[i]] ? c : predicted[i];
            }
        }
        Evaluation e = Metrics.evaluate(scores.truth(), predicted, classes);
        boolean ranked = classes == 2;
        double floor = Double.isNaN(modelBalancedAccuracy) ? e.balancedAccuracy() : modelBalancedAccuracy;
        double oracle = ranked ? TestOracle.bestF1(scores, minority, floor - RuleComparison.ORACLE_BACC_SLACK).f1()
            : Double.NaN;
        return new double[] {100 * e.balancedAccuracy(), 100 * e.macroF1(), 100 * e.perClassPrecision()[minority],
            100 * e.perClassRecall()[minority], 100 * e.perClassF1()[minority],
            ranked ? 100 * Metrics.ranking(scores.truth(), scores.probabilities(), minority).averagePrecision()
                : Double.NaN,
            100 * oracle};
    }

    String table() {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "the model's test probabilities blended "
            + "with label spreading from the training labels, %d runs (test, percent, mean ± std):%n",
            rows.get(0).size()));
        b.append(String.format(Locale.ROOT, "%-22s %14s %14s %14s %14s %14s %14s %14s%n", "blend", "bAcc", "F1", "minP",
            "minR", "minF1", "PR-AUC", "oracle minF1"));
        for (int r = 0; r < rows.size(); r++) {
            List<double[]> runs = rows.get(r);
            double[][] columns = new double[7][runs.size()];
            for (int i = 0; i < runs.size(); i++) {
                for (int m = 0; m < 7; m++) {
                    columns[m][i] = runs.get(i)[m];
                }
            }
            RuleComparison.row(b, r == 0 ? "model alone" : blends.get(r - 1).label(), columns);
        }
        b.append(String.format(Locale.ROOT, "(oracle minF1: the largest minority F1 of a threshold on the blend's "
            + "test scores with bAcc at most %.1f under the model's own argmax; two classes only)%n",
            100 * RuleComparison.ORACLE_BACC_SLACK));
        return b.toString();
    }
}
