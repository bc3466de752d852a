package org.graphsha.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.method.TrainingPlan;
import org.graphsha.synthesis.SynthesisReport;

/**
 * Metrics and the synthesis report in the shape the procedures yield: fractions, with per-class values by class value.
 */
final class MetricMaps {

    private MetricMaps() {}

    static Map<String, Object> of(Evaluation evaluation, Object[] classValues) {
        Map<String, Object> map = summary(evaluation);
        List<Map<String, Object>> perClass = new ArrayList<>();
        for (int c = 0; c < classValues.length; c++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("class", classValues[c]);
            row.put("accuracy", evaluation.perClassRecall()[c]);
            row.put("f1", evaluation.perClassF1()[c]);
            perClass.add(row);
        }
        map.put("perClass", perClass);
        return map;
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
}
