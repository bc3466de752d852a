package org.graphsha.training.loop;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.Backbone;
import org.graphsha.nn.GraphTensors;
import org.graphsha.nn.MessageGraph;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.ParameterSet;
import org.graphsha.nn.Sparse;
import org.graphsha.nn.Transfer;
import org.graphsha.synthesis.smote.GraphSmoteEdges;
import org.graphsha.synthesis.smote.GraphSmotePlan;
import org.graphsha.training.losses.EdgeReconstruction;
import org.graphsha.training.optim.Adam;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;

/**
 * One training step of GraphSmote_O (docs/algorithm.md §5) on the shared backbones: layer 1 of the
 * backbone encodes the original graph; for each minor class, embeddings of its training nodes are
 * interpolated with their nearest same-class neighbour (SMOTE in embedding space, differentiable);
 * the edge decoder σ(E·W·Eᵀ) keeps, of the original neighbours of the two interpolated nodes, those
 * it scores ≥ 0.5 ({@link GraphSmoteEdges}); layer 2 classifies on that augmented graph. Loss = the
 * method's cross-entropy over training then synthetic rows + 1e-6 × the decoder's reconstruction
 * error of the original adjacency, with edges and non-edges weighted to equal total mass (there are
 * far more non-edges). Adam, schedule, evaluation and model selection are the trainer's, as for
 * every method.
 *
 * <p>The reconstruction error is estimated, not summed over all N² pairs: every edge, plus as many
 * non-edges drawn uniformly each epoch. With non-edges weighted #edges / #non-edges, that sample is
 * an unbiased estimate of the full weighted sum at O(E) instead of O(N²) cost (measured: the dense
 * sum made an epoch on Cora-LT several times slower).
 */
final class GraphSmoteStep implements TrainingStep {

    static final double RECONSTRUCTION_WEIGHT = 1e-6;
    static final String DECODER = "decoder.weight";

    private final GraphSnapshot graph;
    private final ModelSpec spec;
    private final int[] trainNodes;
    private final int[][] nodesOf;
    private final double upScale;
    private final int n;
    /**
     * Keys i·N + j of the original graph's directed edges (both directions, no self-loops), ascending: the
     * reconstruction's positives, and the non-edge test.
     */
    private final long[] edgeKeys;
    private final int[] edgeSources;
    private final int[] edgeTargets;
    /** 1 for each edge, then 0 for as many non-edges: the targets of {@link #samplePairs}, the same every epoch. */
    private final float[] pairTargets;

    /** @param upScale see {@link GraphSmotePlan#counts} */
    GraphSmoteStep(GraphSnapshot graph, ModelSpec spec, int[] trainNodes, double upScale) {
        this.graph = graph;
        this.spec = spec;
        this.trainNodes = trainNodes;
        this.upScale = upScale;
        this.n = graph.nodeCount();
        nodesOf = graph.nodesByClass(trainNodes);
        edgeKeys = directedEdgeKeys(graph.adjacency());
        edgeSources = new int[edgeKeys.length];
        edgeTargets = new int[edgeKeys.length];
        for (int e = 0; e < edgeKeys.length; e++) {
            edgeSources[e] = (int) (edgeKeys[e] / n);
            edgeTargets[e] = (int) (edgeKeys[e] % n);
        }
        pairTargets = new float[2 * edgeKeys.length];
        Arrays.fill(pairTargets, 0, edgeKeys.length, 1f);
    }

    /** The decoder's W (hidden x hidden), after the backbone's tensors; no weight decay (not layer 1). */
    @Override
    public void addParameters(ParameterSet params, SplittableRandom random) {
        int h = spec.hidden();
        params.uniform(DECODER, false, 1 / Math.sqrt(h), random, h, h);
    }

    private long[] directedEdgeKeys(Csr csr) {
        long[] keys = new long[csr.neighbours().length];
        int count = 0;
        for (int v = 0; v < n; v++) {
            for (int k = csr.offsets()[v]; k < csr.offsets()[v + 1]; k++) {
                int u = csr.neighbours()[k];
                if (u != v) {
                    keys[count++] = pair(v, u);
                }
            }
        }
        return LongStream.of(keys).limit(count).sorted().distinct().toArray();
    }

    private long pair(int i, int j) {
        return (long) i * n + j;
    }

    @Override
    public String refusesAugmentations() {
        return "GraphSmote's training step builds its own graph between the layers and trains its edge decoder";
    }

    /** GraphSmote runs layer 1 inside its step, on the parameters it is given. */
    @Override
    public boolean acceptsProjection() {
        return false;
    }

    /** GraphSmote draws its own synthetic nodes between the layers: the batch is always empty and the projection null. */
    @Override
    public StepOutput step(StepContext run, int epochIndex, ParameterSet params, SyntheticBatch ignoredBatch,
                           float[] mask, float[] ignoredProjection, SplittableRandom random) {
        Backbone model = run.model();
        GraphTensors originalGraph = run.evalGraph();
        try (NDScope scope = new NDScope(); NDManager epoch = run.root().newSubManager()) {
            NDArray maskArray = mask == null ? null : Transfer.floats(epoch, mask, new Shape(n, spec.hidden()));
            NDList p = params.toEngine(epoch, true);
            NDArray decoder = p.get(p.size() - 1);
            try (GradientCollector collector = run.runtime().newGradientCollector()) {
                NDArray h = Backbone.activate(model.hidden(p, run.x(), null, originalGraph), maskArray);
                float[] embeddings = h.toFloatArray();
                GraphSmotePlan plan = GraphSmotePlan.draw(nodesOf, upScale, random);
                int m = plan.size();
                NDArray all = h;
                GraphTensors augmentedGraph = originalGraph;
                if (m > 0) {
                    int[] neighbours = plan.neighbours(nodesOf, embeddings, spec.hidden());
                    NDArray synthetic = mixing(epoch, plan, neighbours).matMul(h);
                    all = h.concat(synthetic, 0);
                    int[][] candidates = GraphSmoteEdges.candidates(graph.adjacency(), plan.anchors(), neighbours);
                    float[] scores = synthetic.matMul(decoder).get(Transfer.longs(epoch, candidates[0]))
                        .mul(h.get(Transfer.longs(epoch, candidates[1]))).sum(new int[] {1}).toFloatArray();
                    int[][] edges = GraphSmoteEdges.fromScores(candidates, scores, n);
                    float[] anchorShare = new float[m];
                    for (int k = 0; k < m; k++) {
                        anchorShare[k] = 1f - plan.deltas()[k];
                    }
                    SyntheticBatch batch = new SyntheticBatch(plan.anchors(), neighbours, anchorShare, plan.classes(),
                        edges[0], edges[1]);
                    augmentedGraph = GraphTensors.build(epoch, MessageGraph.augmented(graph.adjacency(), batch), spec);
                }
                NDArray logits = model.output(p, all, augmentedGraph);
                LossRows target = LossRows.of(graph, trainNodes, plan.classes());
                NDArray classification = run.loss().compute(logits.get(Transfer.longs(epoch, target.rows())), target.labels());
                double reconstructionError = 0;
                NDArray value = classification;
                if (hasEdgesAndNonEdges()) {
                    NDArray projected = h.matMul(decoder);
                    int[][] pairs = samplePairs(random);
                    EdgeReconstruction.Result error = EdgeReconstruction.of(projected.toFloatArray(), embeddings,
                        spec.hidden(), pairs[0], pairs[1], pairTargets);
                    reconstructionError = error.value();
                    value = value.add(gradientCarrier(epoch, projected, error.gradientP(), h, error.gradientH())
                        .mul(Transfer.scalar(epoch, (float) RECONSTRUCTION_WEIGHT)));
                }
                collector.backward(value);
                float[][] gradients = new float[p.size()][];
                for (int i = 0; i < p.size(); i++) {
                    gradients[i] = p.get(i).getGradient().toFloatArray();
                }
                return new StepOutput(classification.getFloat() + RECONSTRUCTION_WEIGHT * reconstructionError, gradients,
                    null, m);
            }
        }
    }

    /** M x N: row k = (1 − δ)·e_anchor + δ·e_neighbour (one entry when the two coincide). */
    private NDArray mixing(NDManager manager, GraphSmotePlan plan, int[] neighbours) {
        int m = plan.size();
        int[] r = new int[2 * m];
        int[] c = new int[2 * m];
        float[] v = new float[2 * m];
        int k = 0;
        for (int i = 0; i < m; i++) {
            int a = plan.anchors()[i];
            float delta = plan.deltas()[i];
            if (a == neighbours[i]) {
                r[k] = i; c[k] = a; v[k++] = 1f;
            } else {
                r[k] = i; c[k] = a; v[k++] = 1f - delta;
                r[k] = i; c[k] = neighbours[i]; v[k++] = delta;
            }
        }
        return Sparse.coo(manager, Arrays.copyOf(r, k), Arrays.copyOf(c, k),
            Arrays.copyOf(v, k), m, n);
    }

    /** False when the graph has no edges or no non-edges: nothing to balance, no reconstruction term. */
    private boolean hasEdgesAndNonEdges() {
        int edges = edgeKeys.length;
        return edges > 0 && (long) n * n - n > edges;
    }

    /**
     * The pairs the reconstruction error is estimated on: every directed edge, then as many non-edges
     * (i ≠ j, not an edge) drawn uniformly; as {from, to}.
     */
    private int[][] samplePairs(SplittableRandom random) {
        int edges = edgeKeys.length;
        int[] from = Arrays.copyOf(edgeSources, 2 * edges);
        int[] to = Arrays.copyOf(edgeTargets, 2 * edges);
        for (int k = edges; k < 2 * edges; k++) {
            int i;
            int j;
            do {
                i = random.nextInt(n);
                j = random.nextInt(n);
            } while (i == j || Arrays.binarySearch(edgeKeys, pair(i, j)) >= 0);
            from[k] = i;
            to[k] = j;
        }
        return new int[][] {from, to};
    }

    /**
     * Σ P ⊙ G_P + Σ H ⊙ G_H with the gradients held constant: its value means nothing, but its gradient
     * with respect to P and H is exactly (G_P, G_H), which autograd then carries to W and the encoder.
     */
    static NDArray gradientCarrier(NDManager manager, NDArray projected, float[] gradientP, NDArray h,
                                   float[] gradientH) {
        return projected.mul(Transfer.floats(manager, gradientP, projected.getShape())).sum()
            .add(h.mul(Transfer.floats(manager, gradientH, h.getShape())).sum());
    }
}
