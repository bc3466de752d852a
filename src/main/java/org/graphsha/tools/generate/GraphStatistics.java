package org.graphsha.tools.generate;

/**
 * What a generated graph turned out to be, to print next to what was asked for: the share of
 * same-class edges and the imbalance ratio of the training split (largest over smallest class).
 */
public record GraphStatistics(double edgeHomophily, int[] trainPerClass, double trainImbalanceRatio) {

    public static GraphStatistics of(GeneratedGraph graph) {
        int[] classes = graph.classes();
        int[] train = new int[graph.classSizes().length];
        for (int i = 0; i < classes.length; i++) {
            if (graph.split(i).equals("train")) {
                train[classes[i]]++;
            }
        }
        int max = 0;
        int min = Integer.MAX_VALUE;
        for (int count : train) {
            max = Math.max(max, count);
            min = Math.min(min, count);
        }
        return new GraphStatistics(edgeHomophily(graph), train, min == 0 ? Double.POSITIVE_INFINITY : (double) max / min);
    }

    /** The share of relationships whose two ends have the same (true) class. */
    public static double edgeHomophily(GeneratedGraph graph) {
        int[] classes = graph.classes();
        long same = 0;
        for (int e = 0; e < graph.relationshipCount(); e++) {
            if (classes[graph.sources()[e]] == classes[graph.targets()[e]]) {
                same++;
            }
        }
        return (double) same / Math.max(1, graph.relationshipCount());
    }
}
