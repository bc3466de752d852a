package org.graphsha.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.evaluation.Evaluation;

/** Metrics in the shape the procedures yield: fractions, with per-class accuracy (recall) and F1 by class value. */
final class MetricMaps {

    private MetricMaps() {}

    static Map<String, Object> of(Evaluation evaluation, Object[] classValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("accuracy", evaluation.accuracy());
        map.put("balancedAccuracy", evaluation.balancedAccuracy());
        map.put("f1Macro", evaluation.macroF1());
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
}
