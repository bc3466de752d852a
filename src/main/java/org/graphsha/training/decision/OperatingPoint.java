package org.graphsha.training.decision;

import org.graphsha.evaluation.CalibrationError;
import org.graphsha.evaluation.Evaluation;
import org.graphsha.evaluation.Metrics;
import org.graphsha.evaluation.Scores;
import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.DecisionRule;

/**
 * A trained model's calibration and decision rule, fitted on its validation nodes, and its metrics under them
 * (docs/algorithm.md §11). Under {@code balanced} the metrics are those training measured, unchanged: the
 * temperature keeps every row's order, so the classes are the same.
 *
 * @param decision           what the model stores and every predict path applies
 * @param validationEce      expected calibration error on the validation nodes, before and after ([0], [1])
 * @param testEce            the same on the test nodes; NaN without test nodes
 * @param thresholdPrecision a threshold rule's validation precision at its threshold; NaN for the other rules
 * @param thresholdRecall    its validation recall there; NaN for the other rules
 * @param validation         the validation metrics under the rule
 * @param test               the test metrics under the rule; null without test nodes
 */
public record OperatingPoint(ClassDecision decision, double[] validationEce, double[] testEce,
                             double thresholdPrecision, double thresholdRecall, Evaluation validation,
                             Evaluation test) {

    /**
     * @param validationRows the validation nodes' classes and uncalibrated probabilities (the model's, as it predicts)
     * @param testRows       the same for the test nodes; empty without them
     * @param asTrained      the validation metrics training measured (argmax), kept under {@code balanced}
     * @param testAsTrained  the same for the test nodes, or null
     */
    public static OperatingPoint fit(DecisionOptions options, int[] trainingCounts, Scores validationRows,
                                     Scores testRows, Evaluation asTrained, Evaluation testAsTrained) {
        double temperature = options.calibrate()
            ? TemperatureScaling.fit(validationRows.truth(), validationRows.probabilities()) : 1;
        ClassDecision calibration = new ClassDecision(DecisionRule.BALANCED, temperature,
            new double[trainingCounts.length], -1, Double.NaN);
        double[][] validationCalibrated = calibrated(calibration, validationRows.probabilities());
        double[][] testCalibrated = calibrated(calibration, testRows.probabilities());
        DecisionFit.Fitted fitted = DecisionFit.fit(options, temperature, validationRows.truth(), validationCalibrated,
            trainingCounts);
        ClassDecision decision = fitted.decision();
        double[] validationEce = {CalibrationError.expected(validationRows.truth(), validationRows.probabilities()),
            CalibrationError.expected(validationRows.truth(), validationCalibrated)};
        boolean tested = testRows.truth().length > 0;
        double[] testEce = tested ? new double[] {CalibrationError.expected(testRows.truth(), testRows.probabilities()),
            CalibrationError.expected(testRows.truth(), testCalibrated)} : new double[] {Double.NaN, Double.NaN};
        boolean balanced = decision.rule() == DecisionRule.BALANCED;
        Evaluation validation = balanced ? asTrained
            : evaluate(decision, validationRows, validationCalibrated, trainingCounts.length);
        Evaluation test = balanced || !tested ? testAsTrained
            : evaluate(decision, testRows, testCalibrated, trainingCounts.length);
        return new OperatingPoint(decision, validationEce, testEce, fitted.precision(), fitted.recall(), validation,
            test);
    }

    private static double[][] calibrated(ClassDecision decision, double[][] rows) {
        double[][] out = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            out[i] = decision.calibrate(rows[i]);
        }
        return out;
    }

    /**
     * The metrics of the rule's classes on other nodes than those it was fitted on (the training nodes), labels
     * only: no probability rows are kept, since these sets can be most of the graph.
     */
    public Evaluation classify(Scores rows) {
        int[] predicted = new int[rows.truth().length];
        for (int i = 0; i < predicted.length; i++) {
            double[] p = rows.probabilities()[i];
            predicted[i] = decision.classOf(p, decision.calibrate(p));
        }
        return Metrics.evaluate(rows.truth(), predicted, decision.classOffsets().length);
    }

    /** Metrics of the rule's classes, with the calibrated rows as the ranking metrics' scores. */
    static Evaluation evaluate(ClassDecision decision, Scores rows, double[][] calibrated, int classes) {
        int[] predicted = new int[rows.truth().length];
        for (int i = 0; i < predicted.length; i++) {
            predicted[i] = decision.classOf(rows.probabilities()[i], calibrated[i]);
        }
        return Metrics.evaluate(rows.truth(), predicted, calibrated, classes);
    }
}
