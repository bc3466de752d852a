package org.graphsha.training.decision;

import org.graphsha.evaluation.Metrics;
import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.DecisionRule;

/**
 * Fits a {@link ClassDecision}'s rule on the validation nodes' calibrated probabilities (docs/algorithm.md §11).
 * Every search is deterministic: fixed grids in a fixed order, and a later candidate replaces the kept one only
 * when it is strictly better, so ties keep the smaller change from the balanced argmax.
 */
public final class DecisionFit {

    /** The macro-F1 search tries offsets of ±k·STEP up to ±LIMIT for each class, smallest change first. */
    private static final double OFFSET_STEP = 0.25;
    private static final double OFFSET_LIMIT = 6;
    private static final int MAX_PASSES = 5;

    private DecisionFit() {}

    /**
     * What the fit chose, with the validation figures of a threshold rule.
     *
     * @param precision the positive class's validation precision at the threshold (NaN for the other rules)
     * @param recall    its validation recall at the threshold (NaN for the other rules)
     */
    public record Fitted(ClassDecision decision, double precision, double recall) {}

    /**
     * @param truth          the validation nodes' classes
     * @param calibrated     their calibrated probabilities, in the same order
     * @param trainingCounts labeled training nodes per class: the prior of {@code prior} without {@code classPrior},
     *                       and the flagged (fewest-labels) class of a threshold rule
     */
    public static Fitted fit(DecisionOptions options, double temperature, int[] truth, double[][] calibrated,
                             int[] trainingCounts) {
        int classes = trainingCounts.length;
        return switch (options.rule()) {
            case BALANCED -> plain(DecisionRule.BALANCED, temperature, new double[classes]);
            case PRIOR -> plain(DecisionRule.PRIOR, temperature, logPrior(options.classPrior(), trainingCounts));
            case MACRO_F1 -> plain(DecisionRule.MACRO_F1, temperature, macroF1Offsets(truth, calibrated, classes));
            case TARGET_PRECISION, TARGET_RECALL -> threshold(options, temperature, truth, calibrated,
                Metrics.minorityClass(trainingCounts));
        };
    }

    private static Fitted plain(DecisionRule rule, double temperature, double[] offsets) {
        return new Fitted(new ClassDecision(rule, temperature, offsets, -1, Double.NaN), Double.NaN, Double.NaN);
    }

    /** log of the prior's shares: the given prior normalised, else the training labels' class shares. */
    static double[] logPrior(double[] given, int[] trainingCounts) {
        double[] prior = new double[trainingCounts.length];
        double total = 0;
        for (int c = 0; c < prior.length; c++) {
            // A class without training labels keeps a share of one label, so that it stays predictable.
            prior[c] = given != null ? given[c] : Math.max(1, trainingCounts[c]);
            total += prior[c];
        }
        for (int c = 0; c < prior.length; c++) {
            prior[c] = Math.log(prior[c] / total);
        }
        return prior;
    }

    /** Coordinate search, class by class in index order, over the offset grid, until a pass changes nothing. */
    static double[] macroF1Offsets(int[] truth, double[][] calibrated, int classes) {
        double[][] logs = logs(calibrated);
        double[] grid = offsetGrid(OFFSET_STEP, OFFSET_LIMIT);
        double[] offsets = new double[classes];
        double best = macroF1(truth, logs, offsets);
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            boolean changed = false;
            for (int c = 0; c < classes; c++) {
                double kept = offsets[c];
                for (double candidate : grid) {
                    offsets[c] = candidate;
                    double score = macroF1(truth, logs, offsets);
                    if (score > best) {
                        best = score;
                        kept = candidate;
                        changed = true;
                    }
                }
                offsets[c] = kept;
            }
            if (!changed) {
                break;
            }
        }
        return offsets;
    }

    static double macroF1(int[] truth, double[][] logs, double[] offsets) {
        int classes = offsets.length;
        int[] predicted = new int[truth.length];
        for (int i = 0; i < truth.length; i++) {
            int top = 0;
            double topScore = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < classes; c++) {
                double score = logs[i][c] + offsets[c];
                if (score > topScore) {
                    topScore = score;
                    top = c;
                }
            }
            predicted[i] = top;
        }
        return Metrics.macroF1(Metrics.confusionMatrix(truth, predicted, classes));
    }

    /**
     * The threshold on the positive class's calibrated probability. Every distinct validation score s is a candidate
     * "flag when q ≥ s"; the chosen one is moved halfway down to the next lower score, which flags the same validation
     * nodes and leaves a margin for unseen ones. {@code targetPrecision}: the lowest candidate whose precision reaches
     * the target (the most recall at that precision), or the one of highest precision when none does.
     * {@code targetRecall}: the highest candidate whose recall reaches the target (the fewest flags).
     */
    static Fitted threshold(DecisionOptions options, double temperature, int[] truth, double[][] calibrated,
                            int positive) {
        int n = truth.length;
        Integer[] order = new Integer[n];
        int positives = 0;
        for (int i = 0; i < n; i++) {
            order[i] = i;
            positives += truth[i] == positive ? 1 : 0;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(calibrated[b][positive], calibrated[a][positive]));
        boolean precisionRule = options.rule() == DecisionRule.TARGET_PRECISION;
        double target = options.target();
        int chosen = -1;
        double chosenPrecision = Double.NaN;
        double chosenRecall = Double.NaN;
        double bestPrecision = -1;
        int bestPrecisionAt = -1;
        double bestPrecisionRecall = Double.NaN;
        int flagged = 0;
        int hits = 0;
        for (int k = 0; k < n; k++) {
            flagged++;
            hits += truth[order[k]] == positive ? 1 : 0;
            // Only the last node of a run of equal scores ends a candidate: a threshold flags all of them or none.
            if (k + 1 < n && calibrated[order[k + 1]][positive] == calibrated[order[k]][positive]) {
                continue;
            }
            double precision = (double) hits / flagged;
            double recall = positives == 0 ? 0 : (double) hits / positives;
            if (precision > bestPrecision) {
                bestPrecision = precision;
                bestPrecisionAt = k;
                bestPrecisionRecall = recall;
            }
            if (precisionRule ? precision >= target : recall >= target && chosen < 0) {
                chosen = k;
                chosenPrecision = precision;
                chosenRecall = recall;
            }
        }
        if (chosen < 0 && n > 0) {
            chosen = bestPrecisionAt;
            chosenPrecision = bestPrecision;
            chosenRecall = bestPrecisionRecall;
        }
        double threshold = 0.5;
        if (chosen >= 0) {
            double at = calibrated[order[chosen]][positive];
            threshold = chosen + 1 < n ? (at + calibrated[order[chosen + 1]][positive]) / 2 : at;
        }
        return new Fitted(new ClassDecision(options.rule(), temperature, new double[2], positive, threshold), chosenPrecision, chosenRecall);
    }

    private static double[][] logs(double[][] calibrated) {
        double[][] logs = new double[calibrated.length][];
        for (int i = 0; i < calibrated.length; i++) {
            logs[i] = new double[calibrated[i].length];
            for (int c = 0; c < logs[i].length; c++) {
                logs[i][c] = Math.log(calibrated[i][c]);
            }
        }
        return logs;
    }

    private static double[] offsetGrid(double step, double limit) {
        int steps = (int) Math.round(limit / step);
        double[] grid = new double[2 * steps + 1];
        for (int k = 1; k <= steps; k++) {
            grid[2 * k - 1] = -k * step;
            grid[2 * k] = k * step;
        }
        return grid;
    }
}
