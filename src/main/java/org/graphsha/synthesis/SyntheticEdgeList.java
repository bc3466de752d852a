package org.graphsha.synthesis;

import org.graphsha.graph.IntArrayBuilder;

/**
 * Collects the message edges of one epoch's synthetic nodes in the chosen direction mode and counts
 * what each synthetic node receives.
 */
public final class SyntheticEdgeList {

    private final SyntheticEdges mode;
    private final IntArrayBuilder sources = new IntArrayBuilder();
    private final IntArrayBuilder targets = new IntArrayBuilder();
    private long inbound;

    public SyntheticEdgeList(SyntheticEdges mode) {
        this.mode = mode;
    }

    /** Connects original node {@code neighbour} to the synthetic node at position {@code synthetic}. */
    public void connect(int neighbour, int synthetic) {
        sources.add(neighbour);
        targets.add(synthetic);
        inbound++;
        if (mode == SyntheticEdges.BIDIRECTIONAL) {
            sources.add(synthetic);
            targets.add(neighbour);
        }
    }

    public int[] sources() {
        return sources.toArray();
    }

    public int[] targets() {
        return targets.toArray();
    }

    public int size() {
        return sources.size();
    }

    public double meanInDegree(int syntheticCount) {
        return syntheticCount == 0 ? Double.NaN : (double) inbound / syntheticCount;
    }
}
