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

    /** How far under the balanced rule's bAcc the bounded test oracle may go (issue bar: 0.5 points). */
    static final double ORACLE_BACC_SLACK = 0.005;

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
            row(b, rules.get(r).label(), v);
        }
        appendOracle(b, minority);
        return b.toString();
    }

    /** One table row: the label, then each column's mean ± std over the runs. */
    static void row(StringBuilder b, String label, double[][] columns) {
        b.append(String.format(Locale.ROOT, "%-22s", label));
        for (double[] column : columns) {
            Summary s = Summary.of(column);
            b.append(String.format(Locale.ROOT, " %6.2f ± %5.2f", s.mean(), s.std()));
        }
        b.append('\n');
    }

    /**
     * For a two-class target beside {@code balanced}: the thresholds chosen on the test nodes themselves, the best
     * minority F1 of all and the best that keeps bAcc within {@link #ORACLE_BACC_SLACK} of the run's balanced rule.
     * They bound every rule from above.
     */
    private void appendOracle(StringBuilder b, int minority) {
        int balanced = -1;
        for (int r = 0; r < rules.size(); r++) {
            balanced = rules.get(r).options().rule() == DecisionRule.BALANCED ? r : balanced;
        }
        if (balanced < 0 || points.get(balanced).get(0).test().scores() == null) {
            return;
        }
        List<OperatingPoint> runs = points.get(balanced);
        double[][] kept = new double[7][runs.size()];
        double[][] any = new double[7][runs.size()];
        for (int i = 0; i < runs.size(); i++) {
            Evaluation e = runs.get(i).test();
            double averagePrecision = 100 * e.ranking(minority).averagePrecision();
            fill(kept, i, TestOracle.bestF1(e.scores(), minority, e.balancedAccuracy() - ORACLE_BACC_SLACK),
                averagePrecision);
            fill(any, i, TestOracle.bestF1(e.scores(), minority, Double.NEGATIVE_INFINITY), averagePrecision);
        }
        row(b, "test oracle, bAcc kept", kept);
        row(b, "test oracle, best F1", any);
        b.append(String.format(Locale.ROOT, "(test oracle: the threshold on the test nodes' own labels with the "
            + "largest minF1, with bAcc at most %.1f under balanced's, or any bAcc; no rule fitted on validation "
            + "nodes can beat it)%n", 100 * ORACLE_BACC_SLACK));
    }

    private static void fill(double[][] v, int i, TestOracle.Point p, double averagePrecision) {
        v[0][i] = 100 * p.balancedAccuracy();
        v[1][i] = 100 * p.macroF1();
        v[2][i] = 100 * p.precision();
        v[3][i] = 100 * p.recall();
        v[4][i] = 100 * p.f1();
        v[5][i] = averagePrecision;
        v[6][i] = Double.NaN;
    }
}
