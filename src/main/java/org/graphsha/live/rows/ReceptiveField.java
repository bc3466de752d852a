package org.graphsha.live.rows;

/**
 * The part of a graph that a two-layer model's outputs for some target nodes depend on, read from the
 * database instead of a projection. Local node i is database node {@code neo4jIds[i]}; the targets are
 * local nodes {@code 0 .. targetCount-1}. Message edge e sends from {@code messageSources[e]} to
 * {@code messageTargets[e]}; the nodes within {@code hops - 1} of a target, {@code 0 .. expandedCount-1},
 * receive all their messages, so their outputs equal the whole graph's; the messages are grouped by
 * receiver in that order. The outermost nodes (the frontier) only send.
 *
 * @param degrees per local node, its number of distinct neighbours in the whole graph (with a neighbour
 *                cap: the sampled ones), as a projection of the graph would count them; 0 for frontier
 *                nodes when the model needs no frontier degrees
 */
public record ReceptiveField(long[] neo4jIds, int targetCount, int expandedCount, int[] messageSources,
                             int[] messageTargets, int[] degrees) {

    public ReceptiveField {
        if (messageSources.length != messageTargets.length || degrees.length != neo4jIds.length
            || targetCount > expandedCount || expandedCount > neo4jIds.length) {
            throw new IllegalArgumentException("inconsistent receptive field arrays");
        }
    }

    public int nodeCount() {
        return neo4jIds.length;
    }

    public int messageCount() {
        return messageSources.length;
    }

    /** Where the messages of each expanded node start: {@code expandedCount + 1} offsets into the messages. */
    public int[] messageOffsets() {
        int[] offsets = new int[expandedCount + 1];
        for (int receiver : messageTargets) {
            offsets[receiver + 1]++;
        }
        for (int v = 0; v < expandedCount; v++) {
            offsets[v + 1] += offsets[v];
        }
        return offsets;
    }
}
