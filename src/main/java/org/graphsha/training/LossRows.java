package org.graphsha.training;

import org.graphsha.graph.GraphSnapshot;

/**
 * The rows the loss covers and their labels: the real training nodes (ascending id), then the epoch's
 * synthetic nodes, which sit at rows N, N+1, ... of the augmented graph.
 */
record LossRows(int[] rows, int[] labels) {

    static LossRows of(GraphSnapshot graph, int[] trainNodes, int[] syntheticClasses) {
        int n = graph.nodeCount();
        int classes = graph.classCount();
        int[] rows = new int[trainNodes.length + syntheticClasses.length];
        int[] labels = new int[rows.length];
        for (int i = 0; i < trainNodes.length; i++) {
            rows[i] = trainNodes[i];
            labels[i] = graph.classes()[trainNodes[i]];
        }
        for (int k = 0; k < syntheticClasses.length; k++) {
            int c = syntheticClasses[k];
            if (c < 0 || c >= classes) {
                throw new IllegalArgumentException("synthetic node class " + c + " outside 0.." + (classes - 1));
            }
            rows[trainNodes.length + k] = n + k;
            labels[trainNodes.length + k] = c;
        }
        return new LossRows(rows, labels);
    }
}
