package org.graphsha.evaluation;

/**
 * What the ranking metrics read: for every evaluated node, in evaluation order, its true class and its class
 * probabilities (a row of C values).
 */
public record Scores(int[] truth, double[][] probabilities) {

    public Scores {
        if (truth.length != probabilities.length) {
            throw new IllegalArgumentException("y_true and the probability rows differ in length: " + truth.length
                + " vs " + probabilities.length);
        }
    }
}
