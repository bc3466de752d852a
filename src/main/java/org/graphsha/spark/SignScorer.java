package org.graphsha.spark;

import java.io.Serializable;
import java.util.List;

import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.DecisionRule;
import org.graphsha.nn.Sign;
import org.graphsha.nn.Tensor;
import org.graphsha.numeric.Softmax;

/**
 * A sign model's score of one node from its hop rows, for the executors: the backbone's own row forward
 * ({@link Sign#rowLogits}) plus the model's logit offsets, softmax, then the stored calibration and decision rule, as
 * graphsha.predict.* apply them. Holds only arrays, so Spark ships it to every task.
 */
final class SignScorer implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Row-major weights (in x hidden per hop, then width x classes) and biases, in the model's tensor order. */
    private final float[][] weights;
    private final float[][] biases;
    private final int hidden;
    private final int classes;
    private final double[] logitOffsets;
    private final DecisionRule rule;
    private final double temperature;
    private final double[] classOffsets;
    private final int positiveClass;
    private final double threshold;

    SignScorer(List<Tensor> parameters, int hidden, int classes, double[] logitOffsets, ClassDecision decision) {
        int layers = parameters.size() / 2;
        this.weights = new float[layers][];
        this.biases = new float[layers][];
        for (int l = 0; l < layers; l++) {
            weights[l] = parameters.get(2 * l).data().clone();
            biases[l] = parameters.get(2 * l + 1).data().clone();
        }
        this.hidden = hidden;
        this.classes = classes;
        this.logitOffsets = logitOffsets.clone();
        this.rule = decision.rule();
        this.temperature = decision.temperature();
        this.classOffsets = decision.classOffsets();
        this.positiveClass = decision.positiveClass();
        this.threshold = decision.threshold();
    }

    /** What a node gets: its class index and the calibrated probability of that class. */
    record Scored(int classIndex, double confidence) implements Serializable {}

    /** The decision, rebuilt per task (the core's record is not serializable). */
    ClassDecision decision() {
        return new ClassDecision(rule, temperature, classOffsets, positiveClass, threshold);
    }

    /** @param hops H_0..H_K of one node */
    Scored score(float[][] hops, ClassDecision decision) {
        float[] logits = Sign.rowLogits(hops, weights, biases, hidden, classes);
        for (int c = 0; c < classes; c++) {
            logits[c] += (float) logitOffsets[c];
        }
        double[] p = new double[classes];
        Softmax.row(logits, 0, classes, p, 0);
        double[] calibrated = decision.calibrate(p);
        int c = decision.classOf(p, calibrated);
        return new Scored(c, calibrated[c]);
    }
}
