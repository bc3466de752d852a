package org.graphsha.nn;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;

/**
 * The engine-side operators one backbone needs for one {@link MessageGraph}: all sparse, never a
 * dense N x N. Built once for the fixed evaluation graph and once per epoch for an augmented graph.
 */
public final class GraphTensors {

    final int nodeCount;
    /** GCN: normalised adjacency with self-loops. SAGE: mean over in-neighbours (no self-loops). */
    NDArray propagation;
    /** GAT: edge endpoints (self-loops appended last) and the target-by-edge incidence matrix. */
    NDArray edgeSources;
    NDArray edgeTargets;
    NDArray incidence;
    int[] gatSources;
    int[] gatTargets;

    private GraphTensors(int nodeCount) {
        this.nodeCount = nodeCount;
    }

    public static GraphTensors build(NDManager manager, MessageGraph graph, ModelSpec spec) {
        return build(manager, graph, spec, null);
    }

    /**
     * @param degrees GCN's node degrees d (without the self-loop) when they are not the graph's in-degrees:
     *                a receptive field cut out of a larger graph, whose outer nodes have neighbours
     *                outside it; null for the in-degrees. SAGE and GAT need no degrees.
     */
    public static GraphTensors build(NDManager manager, MessageGraph graph, ModelSpec spec, int[] degrees) {
        GraphTensors g = new GraphTensors(graph.nodeCount());
        switch (spec.kind()) {
            case GCN -> g.propagation = gcnAdjacency(manager, graph, spec.gcnNormalization(),
                degrees == null ? graph.inDegrees() : degrees);
            case SAGE -> g.propagation = meanAggregation(manager, graph);
            case GAT -> g.gatEdges(manager, graph);
        }
        return g;
    }

    private static NDArray gcnAdjacency(NDManager manager, MessageGraph graph, GcnNormalization norm, int[] deg) {
        int n = graph.nodeCount();
        int e = graph.edgeCount();
        int[] rows = new int[e + n];
        int[] cols = new int[e + n];
        float[] vals = new float[e + n];
        for (int k = 0; k < e; k++) {
            int i = graph.targets()[k];
            int j = graph.sources()[k];
            rows[k] = i;
            cols[k] = j;
            vals[k] = weight(norm, deg[i] + 1, deg[j] + 1);
        }
        for (int v = 0; v < n; v++) {
            rows[e + v] = v;
            cols[e + v] = v;
            vals[e + v] = 1f / (deg[v] + 1);
        }
        return Sparse.coo(manager, rows, cols, vals, n, n);
    }

    private static float weight(GcnNormalization norm, int targetDegree, int sourceDegree) {
        return norm == GcnNormalization.MEAN
            ? (float) (1.0 / targetDegree)
            : (float) (1.0 / Math.sqrt((double) targetDegree * sourceDegree));
    }

    private static NDArray meanAggregation(NDManager manager, MessageGraph graph) {
        int n = graph.nodeCount();
        int e = graph.edgeCount();
        int[] deg = graph.inDegrees();
        float[] vals = new float[e];
        for (int k = 0; k < e; k++) {
            vals[k] = 1f / deg[graph.targets()[k]];
        }
        return Sparse.coo(manager, graph.targets(), graph.sources(), vals, n, n);
    }

    private void gatEdges(NDManager manager, MessageGraph graph) {
        int n = graph.nodeCount();
        int e = graph.edgeCount();
        gatSources = new int[e + n];
        gatTargets = new int[e + n];
        System.arraycopy(graph.sources(), 0, gatSources, 0, e);
        System.arraycopy(graph.targets(), 0, gatTargets, 0, e);
        for (int v = 0; v < n; v++) {
            gatSources[e + v] = v;
            gatTargets[e + v] = v;
        }
        edgeSources = Transfer.longs(manager, gatSources);
        edgeTargets = Transfer.longs(manager, gatTargets);
        int[] edgeIds = new int[e + n];
        float[] ones = new float[e + n];
        for (int k = 0; k < e + n; k++) {
            edgeIds[k] = k;
            ones[k] = 1f;
        }
        incidence = Sparse.coo(manager, gatTargets, edgeIds, ones, n, e + n);
    }

}
