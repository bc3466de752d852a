package org.graphsha.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graphsha.config.ConfigReader;
import org.graphsha.data.SplitRole;
import org.graphsha.data.TrainingData;
import org.graphsha.evaluation.CalibrationError;
import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.evaluation.Ranking;
import org.graphsha.graph.ClassDecision;
import org.graphsha.method.TrainingPlan;
import org.graphsha.synthesis.SynthesisReport;
import org.graphsha.training.decision.DecisionOptions;
import org.graphsha.training.decision.OperatingPoint;

/**
 * Metrics and the synthesis report in the shape the procedures yield: fractions, with per-class values by class value.
 */
final class MetricMaps {

    private MetricMaps() {}

    /**
     * A split's metrics for a model trained on {@code data}: for a two-class target the flagged class of the ranking
     * metrics is the one with fewer training labels ({@link Metrics#minorityClass}).
     */
    static Map<String, Object> of(Evaluation evaluation, TrainingData data) {
        Object[] classValues = data.classValues();
        int positive = classValues.length == 2 ? Metrics.minorityClass(trainingCounts(data)) : -1;
        return of(evaluation, classValues, positive);
    }

    /**
     * Accuracy, balanced accuracy and macro-F1; per class (by class value) precision, recall (also under its older
     * name {@code accuracy}) and F1; the confusion matrix; and, when {@code positiveClass} is a class index and the
     * evaluation kept its scores, the ranking metrics of that class.
     *
     * @param positiveClass the flagged class of a two-class target, -1 for none
     */
    static Map<String, Object> of(Evaluation evaluation, Object[] classValues, int positiveClass) {
        Map<String, Object> map = summary(evaluation);
        double[] precision = evaluation.perClassPrecision();
        List<Map<String, Object>> perClass = new ArrayList<>();
        for (int c = 0; c < classValues.length; c++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("class", classValues[c]);
            row.put("accuracy", evaluation.perClassRecall()[c]);
            row.put("f1", evaluation.perClassF1()[c]);
            row.put("precision", precision[c]);
            row.put("recall", evaluation.perClassRecall()[c]);
            perClass.add(row);
        }
        map.put("perClass", perClass);
        map.put("confusionMatrix", confusionMatrix(evaluation.confusion(), classValues));
        Ranking ranking = positiveClass < 0 ? null : evaluation.ranking(positiveClass);
        if (ranking != null) {
            map.put("positiveClass", classValues[positiveClass]);
            map.put("prAuc", ranking.averagePrecision());
            map.put("rocAuc", ranking.rocAuc());
            map.put("precisionAtK", ranking.precisionAtK());
            map.put("k", (long) ranking.k());
        }
        return map;
    }

    /**
     * Rows are true classes, columns predicted ones, both keyed by the class value as a string (Cypher's map keys are
     * strings): {@code confusionMatrix['1']['0']} counts the nodes of class 1 predicted as 0.
     */
    private static Map<String, Object> confusionMatrix(int[][] confusion, Object[] classValues) {
        Map<String, Object> rows = new LinkedHashMap<>();
        for (int t = 0; t < classValues.length; t++) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int p = 0; p < classValues.length; p++) {
                row.put(String.valueOf(classValues[p]), (long) confusion[t][p]);
            }
            rows.put(String.valueOf(classValues[t]), row);
        }
        return rows;
    }

    /** Training labels per class index: what decides a two-class target's flagged class. */
    static int[] trainingCounts(TrainingData data) {
        int[] counts = new int[data.classValues().length];
        int[] classes = data.snapshot().classes();
        for (int i = 0; i < classes.length; i++) {
            if (data.roles()[i] == SplitRole.TRAIN && classes[i] >= 0) {
                counts[classes[i]]++;
            }
        }
        return counts;
    }

    /** Accuracy, balanced accuracy and macro-F1, without the per-class rows. */
    private static Map<String, Object> summary(Evaluation evaluation) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("accuracy", evaluation.accuracy());
        map.put("balancedAccuracy", evaluation.balancedAccuracy());
        map.put("f1Macro", evaluation.macroF1());
        return map;
    }

    /** An ensemble's members, each alone: seed, selected epoch and validation metrics. */
    static List<Map<String, Object>> members(List<TrainingPlan.Member> members) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (TrainingPlan.Member member : members) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("randomSeed", member.seed());
            row.put("bestEpoch", (long) member.bestEpoch());
            row.put("validation", summary(member.validation()));
            rows.add(row);
        }
        return rows;
    }

    /** The last epoch's synthesis: its phase, the synthetic nodes per class and their edges. */
    static Map<String, Object> of(SynthesisReport report, Object[] classValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("epoch", (long) report.epoch());
        map.put("phase", report.phase().name().toLowerCase(Locale.ROOT));
        List<Map<String, Object>> perClass = new ArrayList<>();
        for (int c = 0; c < classValues.length; c++) {
            perClass.add(Map.of("class", classValues[c], "syntheticNodes", (long) report.countsPerClass()[c]));
        }
        map.put("perClass", perClass);
        map.put("meanDelta", report.meanDelta());
        map.put("meanSyntheticInDegree", report.meanSyntheticInDegree());
        map.put("syntheticEdges", (long) report.edgeCount());
        return map;
    }

    /**
     * The fitted temperature and the expected calibration error (15 equal-width bins) before and after it, on the
     * validation nodes and, when there are any, the test nodes.
     */
    static Map<String, Object> calibration(OperatingPoint point) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("temperature", point.decision().temperature());
        map.put("bins", (long) CalibrationError.BINS);
        map.put("validationEceBefore", point.validationEce()[0]);
        map.put("validationEceAfter", point.validationEce()[1]);
        if (!Double.isNaN(point.testEce()[0])) {
            map.put("testEceBefore", point.testEce()[0]);
            map.put("testEceAfter", point.testEce()[1]);
        }
        return map;
    }

    /**
     * The decision rule and what was fitted for it: per-class offsets on the log probabilities (by class value), or
     * the flagged class, the threshold on its calibrated probability, the target and the validation precision and
     * recall at the threshold.
     */
    static Map<String, Object> decision(OperatingPoint point, DecisionOptions options, Object[] classValues) {
        ClassDecision decision = point.decision();
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("rule", ConfigReader.choiceName(decision.rule()));
        if (decision.positiveClass() >= 0) {
            map.put("positiveClass", classValues[decision.positiveClass()]);
            map.put("threshold", decision.threshold());
            map.put("target", options.target());
            map.put("validationPrecision", point.thresholdPrecision());
            map.put("validationRecall", point.thresholdRecall());
            return map;
        }
        Map<String, Object> offsets = new LinkedHashMap<>();
        double[] values = decision.classOffsets();
        for (int c = 0; c < classValues.length; c++) {
            offsets.put(String.valueOf(classValues[c]), values[c]);
        }
        map.put("classOffsets", offsets);
        return map;
    }
}
