package org.graphsha.training.decision;

import java.util.Arrays;

import org.graphsha.graph.DecisionRule;

/**
 * The {@code decisionRule} of a train call and what it needs: {@code classPrior} for {@code prior} (null: the
 * labeled training nodes' class shares), {@code decisionTarget} for the threshold rules (NaN for the others); and
 * whether a temperature is fitted ({@code calibration: 'temperature'}, the default) or the probabilities are kept
 * as the model gives them ({@code 'none'}). Ranges are checked when the keys are read; what depends on the target's
 * classes by {@link #requireFits}.
 */
public record DecisionOptions(DecisionRule rule, double[] classPrior, double target, boolean calibrate) {

    /** Today's argmax on temperature-scaled probabilities: the default. */
    public static final DecisionOptions BALANCED = new DecisionOptions(DecisionRule.BALANCED, null, Double.NaN, true);

    /** The {@code calibration} key's values. */
    public enum Calibration { TEMPERATURE, NONE }

    public DecisionOptions {
        classPrior = classPrior == null ? null : classPrior.clone();
    }

    /**
     * Refuses, before any training, a rule the target cannot have: a prior of another length than the classes, a
     * threshold rule on more than two classes.
     *
     * @param classValues the target's classes in index order
     */
    public void requireFits(Object[] classValues) {
        if (classPrior != null && classPrior.length != classValues.length) {
            throw new IllegalArgumentException("classPrior: " + Arrays.toString(classPrior) + " has "
                + classPrior.length + " numbers, but the target has " + classValues.length + " classes "
                + Arrays.toString(classValues) + "; give one positive number per class, in this order");
        }
        if (rule.targeted() && classValues.length != 2) {
            throw new IllegalArgumentException("decisionRule: '" + name() + "' flags one class of two, but the target "
                + "has " + classValues.length + " classes " + Arrays.toString(classValues) + "; use decisionRule: "
                + "'macroF1' or 'prior' for more classes, or train on a two-class target");
        }
    }

    private String name() {
        return rule == DecisionRule.TARGET_PRECISION ? "targetPrecision" : "targetRecall";
    }

    @Override
    public double[] classPrior() {
        return classPrior == null ? null : classPrior.clone();
    }
}
