package org.graphsha.tools.generate;

import java.util.SplittableRandom;

/**
 * A generated user-shaped graph: the degree-corrected block model of {@link GraphGenerator} with the
 * class sizes, homophily and features of {@link UserGraphSettings}, and a label mask. Every node keeps
 * its true class, so a benchmark can score the unlabeled nodes that a user would want predicted.
 */
public record UserGraph(UserGraphSettings settings, GeneratedGraph graph, boolean[] labeled) {

    public static UserGraph generate(UserGraphSettings settings) {
        GeneratedGraph graph = settings.fraud() ? FraudGraph.generate(settings)
            : GraphGenerator.generate(settings.graph(), p -> { });
        // Exact counts per class (a shuffled prefix), so the rarest class has exactly the labels asked for.
        SplittableRandom random = new SplittableRandom(settings.seed() ^ 0x1AB37L);
        int[] order = new int[graph.nodeCount()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        for (int j = order.length - 1; j > 0; j--) {
            int other = random.nextInt(j + 1);
            int swap = order[j];
            order[j] = order[other];
            order[other] = swap;
        }
        int[] quota = new int[settings.classes()];
        for (int c = 0; c < quota.length; c++) {
            quota[c] = (int) Math.round(settings.labeledShare() * graph.classSizes()[c]);
        }
        boolean[] labeled = new boolean[graph.nodeCount()];
        for (int node : order) {
            int c = graph.classes()[node];
            if (quota[c] > 0) {
                labeled[node] = true;
                quota[c]--;
            }
        }
        return new UserGraph(settings, graph, labeled);
    }

    /** The class value a database would store for class index {@code c}. */
    public static String className(int c) {
        return UserGraphSettings.CLASS_NAMES[c];
    }

    public int labeledCount(int classIndex) {
        int count = 0;
        for (int i = 0; i < labeled.length; i++) {
            if (labeled[i] && graph.classes()[i] == classIndex) {
                count++;
            }
        }
        return count;
    }

    /** Labeled and all nodes per class, e.g. {@code normal 502/3663, suspicious 136/994, ...}. */
    public String labelsPerClass() {
        StringBuilder text = new StringBuilder();
        for (int c = 0; c < settings.classes(); c++) {
            text.append(c == 0 ? "" : ", ").append(settings.fraud() && c == 1 ? "positive" : className(c)).append(' ').append(labeledCount(c)).append('/')
                .append(graph.classSizes()[c]);
        }
        return text.toString();
    }
}
