package org.graphsha.training.loop;

import org.graphsha.graph.GraphSnapshot;

/**
 * The rows the loss covers and their labels: the real training nodes (ascending id), then the epoch's
 * synthetic nodes, which sit at rows N, N+1, ... of the augmented graph, then the mean nodes its augmentations add
 * (BAT's virtual class nodes), which follow the synthetic ones.
 */
record LossRows(int[] rows, int[] labels) {

    static LossRows of(GraphSnapshot graph, int[] trainNodes, int[] syntheticClasses) {
        return of(graph, trainNodes, syntheticClasses, new int[0]);
    }

    /** As above, followed by mean nodes at rows N+M, N+M+1, ..., each labelled with its class. */
    static LossRows of(GraphSnapshot graph, int[] trainNodes, int[] syntheticClasses, int[] meanNodeClasses) {
        int n = graph.nodeCount();
        int classes = graph.classCount();
        int[] rows = new int[trainNodes.length + syntheticClasses.length + meanNodeClasses.length];
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
        int first = trainNodes.length + syntheticClasses.length;
        for (int k = 0; k < meanNodeClasses.length; k++) {
            rows[first + k] = n + syntheticClasses.length + k;
            labels[first + k] = meanNodeClasses[k];
        }
        return new LossRows(rows, labels);
    }
}
