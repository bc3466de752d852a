package org.graphsha.tools.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.graphsha.config.ConfigReader;
import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.evaluation.Ranking;
import org.graphsha.graph.DecisionRule;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;
import org.graphsha.method.TrainingPlan;
import org.graphsha.training.decision.DecisionOptions;
import org.graphsha.training.decision.OperatingPoint;

/**
 * {@code bench --decision-rules balanced,prior,macroF1,targetPrecision:0.5}: every listed rule fitted to the same
 * trained runs (a rule changes no training), and their test figures side by side: bAcc, macro-F1, the minority
 * class's precision, recall and F1, PR-AUC (the same under every rule: it ranks by probability) and the test ECE
 * after calibration.
 */
final class RuleComparison {

    /** A rule as the flag names it, with its options. */
    record Rule(String label, DecisionOptions options) {}

    private final List<Rule> rules;
    private final List<List<OperatingPoint>> points = new ArrayList<>();

    RuleComparison(List<Rule> rules) {
        this.rules = rules;
        for (int r = 0; r < rules.size(); r++) {
            points.add(new ArrayList<>());
        }
    }

    /** Reads {@code RULE[:TARGET],...}; a threshold rule needs its target. */
    static List<Rule> parse(String list, boolean calibrate) {
        List<Rule> rules = new ArrayList<>();
        for (String entry : list.split(",")) {
            String[] parts = entry.strip().split(":");
            DecisionRule rule = ConfigReader.choiceOf("decisionRule", parts[0], DecisionRule.class);
            double target = Double.NaN;
            if (rule.targeted() != (parts.length == 2)) {
                throw new BenchOptions.UsageException("--decision-rules: `" + entry + "` must be "
                    + (rule.targeted() ? parts[0] + ":TARGET, e.g. " + parts[0] + ":0.5" : "the rule's name alone"));
            }
            if (parts.length == 2) {
                target = Double.parseDouble(parts[1]);
                if (!(target > 0 && target <= 1)) {
                    throw new BenchOptions.UsageException("--decision-rules: the target of `" + entry
                        + "` must be in (0, 1]");
                }
            }
            rules.add(new Rule(entry.strip(), new DecisionOptions(rule, null, target, calibrate)));
        }
        return List.copyOf(rules);
    }

    void add(TrainingPlan.Trained trained) {
        for (int r = 0; r < rules.size(); r++) {
            points.get(r).add(trained.decide(rules.get(r).options()));
        }
    }

    String table(GraphSnapshot snapshot) {
        int minority = Metrics.minorityClass(snapshot.classCounts(Masks.indices(snapshot.trainMask())));
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "decision rules fitted to the same %d runs "
            + "(test, percent, mean ± std; minority class %d; ECE after calibration):%n", points.get(0).size(), minority));
        b.append(String.format(Locale.ROOT, "%-22s %14s %14s %14s %14s %14s %14s %14s%n", "rule", "bAcc", "F1", "minP",
            "minR", "minF1", "PR-AUC", "ECE"));
        for (int r = 0; r < rules.size(); r++) {
            List<OperatingPoint> runs = points.get(r);
            double[][] v = new double[7][runs.size()];
            for (int i = 0; i < runs.size(); i++) {
                Evaluation e = runs.get(i).test();
                Ranking ranking = e.ranking(minority);
                v[0][i] = 100 * e.balancedAccuracy();
                v[1][i] = 100 * e.macroF1();
                v[2][i] = 100 * e.perClassPrecision()[minority];
                v[3][i] = 100 * e.perClassRecall()[minority];
                v[4][i] = 100 * e.perClassF1()[minority];
                v[5][i] = ranking == null ? Double.NaN : 100 * ranking.averagePrecision();
                v[6][i] = 100 * runs.get(i).testEce()[1];
            }
            b.append(String.format(Locale.ROOT, "%-22s", rules.get(r).label()));
            for (double[] column : v) {
                Summary s = Summary.of(column);
                b.append(String.format(Locale.ROOT, " %6.2f ± %5.2f", s.mean(), s.std()));
            }
            b.append('\n');
        }
        return b.toString();
    }
}
