package org.graphsha.graph;

import java.util.Arrays;

import org.graphsha.numeric.Argmax;

/**
 * What a trained model does with its (ensemble mean) class probabilities p before it answers: calibration by a
 * temperature T, q_c ∝ p_c^(1/T), which is softmax(z / T) for a single model's logits z and keeps the order of every
 * row; then the decision rule's class. Fitted on the validation nodes after training and stored with the model, so
 * that every predict path answers alike (docs/algorithm.md §11).
 *
 * @param rule          the rule that chose the offsets or the threshold
 * @param temperature   T &gt; 0; 1 leaves the probabilities as they are (models stored before calibration)
 * @param classOffsets  added to log q before the argmax; all zeros for {@code balanced} and the threshold rules
 * @param positiveClass the flagged class of a threshold rule, -1 for the other rules
 * @param threshold     a threshold rule flags {@code positiveClass} when its calibrated probability is at least this;
 *                      NaN for the other rules
 */
public record ClassDecision(DecisionRule rule, double temperature, double[] classOffsets, int positiveClass,
                            double threshold) {

    public ClassDecision {
        if (!(temperature > 0) || Double.isInfinite(temperature)) {
            throw new IllegalArgumentException("a temperature is a positive number, but was " + temperature);
        }
        classOffsets = classOffsets.clone();
        if (rule.targeted() != (positiveClass >= 0) || rule.targeted() == Double.isNaN(threshold)) {
            throw new IllegalArgumentException("rule " + rule + " with positive class " + positiveClass
                + " and threshold " + threshold);
        }
    }

    /** Today's argmax without calibration: what a model stored before decisions existed does. */
    public static ClassDecision none(int classes) {
        return new ClassDecision(DecisionRule.BALANCED, 1, new double[classes], -1, Double.NaN);
    }

    /** The calibrated row q_c ∝ p_c^(1/T); {@code p} itself when T is 1. */
    public double[] calibrate(double[] p) {
        if (temperature == 1) {
            return p;
        }
        double[] q = new double[p.length];
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < p.length; c++) {
            q[c] = Math.log(p[c]) / temperature;
            max = Math.max(max, q[c]);
        }
        double sum = 0;
        for (int c = 0; c < p.length; c++) {
            q[c] = Math.exp(q[c] - max);
            sum += q[c];
        }
        for (int c = 0; c < p.length; c++) {
            q[c] /= sum;
        }
        return q;
    }

    /**
     * The class of a node from its uncalibrated row {@code p} and calibrated row {@code q}. Without offsets it is the
     * first largest entry of {@code p}, as before calibration existed (the temperature keeps the order, and reading
     * {@code p} keeps ties where they were).
     */
    public int classOf(double[] p, double[] q) {
        if (positiveClass >= 0) {
            return q[positiveClass] >= threshold ? positiveClass : 1 - positiveClass;
        }
        if (!hasOffsets()) {
            return Argmax.of(p);
        }
        int best = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < q.length; c++) {
            double score = Math.log(q[c]) + classOffsets[c];
            if (score > bestScore) {
                bestScore = score;
                best = c;
            }
        }
        return best;
    }

    private boolean hasOffsets() {
        for (double offset : classOffsets) {
            if (offset != 0) {
                return true;
            }
        }
        return false;
    }

    @Override
    public double[] classOffsets() {
        return classOffsets.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ClassDecision d && d.rule == rule && Double.compare(d.temperature, temperature) == 0
            && Arrays.equals(d.classOffsets, classOffsets) && d.positiveClass == positiveClass
            && Double.compare(d.threshold, threshold) == 0;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(classOffsets) * 31 + Double.hashCode(temperature);
    }
}
