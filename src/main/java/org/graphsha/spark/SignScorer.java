package org.graphsha.spark;

import java.io.Serializable;
import java.util.List;

import org.graphsha.graph.ClassDecision;
import org.graphsha.graph.DecisionRule;
import org.graphsha.nn.Sign;
import org.graphsha.nn.Tensor;
import org.graphsha.training.ensemble.ProbabilityMean;

/**
 * A sign model's score of one node from its hop rows, for the executors: per member the backbone's own row forward
 * ({@link Sign#rowLogits}) and softmax(z + logit offsets), the members' mean, then the stored calibration and
 * decision rule, as graphsha.predict.* apply them ({@link ProbabilityMean}). Holds only arrays, so Spark ships it to
 * every task.
 */
final class SignScorer implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Per member: row-major weights (in x hidden per hop, then width x classes) and biases, in tensor order. */
    private final float[][][] weights;
    private final float[][][] biases;
    private final int hidden;
    private final int classes;
    private final double[] logitOffsets;
    private final DecisionRule rule;
    private final double temperature;
    private final double[] classOffsets;
    private final int positiveClass;
    private final double threshold;

    SignScorer(List<List<Tensor>> members, int hidden, int classes, double[] logitOffsets, ClassDecision decision) {
        this.weights = new float[members.size()][][];
        this.biases = new float[members.size()][][];
        for (int m = 0; m < members.size(); m++) {
            List<Tensor> parameters = members.get(m);
            int layers = parameters.size() / 2;
            weights[m] = new float[layers][];
            biases[m] = new float[layers][];
            for (int l = 0; l < layers; l++) {
                weights[m][l] = parameters.get(2 * l).data().clone();
                biases[m][l] = parameters.get(2 * l + 1).data().clone();
            }
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
        int members = weights.length;
        float[] shifted = new float[classes];
        double[] member = new double[classes];
        double[] p = new double[classes];
        for (int m = 0; m < members; m++) {
            float[] logits = Sign.rowLogits(hops, weights[m], biases[m], hidden, classes);
            ProbabilityMean.softmax(logits, 0, logitOffsets, shifted, member);
            for (int c = 0; c < classes; c++) {
                p[c] += member[c] / members;
            }
        }
        double[] calibrated = decision.calibrate(p);
        int c = decision.classOf(p, calibrated);
        return new Scored(c, calibrated[c]);
    }
}
