package org.graphsha.training;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.nn.Backbone;
import org.graphsha.nn.Engines;
import org.graphsha.nn.FeatureInput;
import org.graphsha.nn.GraphTensors;
import org.graphsha.nn.MessageGraph;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.ParameterSet;
import org.graphsha.nn.Sparse;
import org.graphsha.nn.Transfer;
import org.graphsha.synthesis.GraphSmoteEdges;
import org.graphsha.synthesis.GraphSmotePlan;
import org.graphsha.synthesis.SyntheticBatch;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.training.GradientCollector;

/**
 * One training step of GraphSmote_O (ALGORITHM.md §5) on the shared backbones: layer 1 of the
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
final class GraphSmoteStep {

    static final double RECONSTRUCTION_WEIGHT = 1e-6;
    static final String DECODER = "decoder.weight";

    record Result(double loss, float[][] gradients, int syntheticNodes) {}

    private final GraphSnapshot graph;
    private final ModelSpec spec;
    private final int[] trainNodes;
    private final int[][] nodesOf;
    private final int n;
    private int[] edgeSources;
    private int[] edgeTargets;
    private Set<Long> edgeSet;

    GraphSmoteStep(GraphSnapshot graph, ModelSpec spec, int[] trainNodes) {
        this.graph = graph;
        this.spec = spec;
        this.trainNodes = trainNodes;
        this.n = graph.nodeCount();
        int[] sizes = new int[graph.classCount()];
        for (int v : trainNodes) {
            sizes[graph.classes()[v]]++;
        }
        nodesOf = new int[sizes.length][];
        for (int c = 0; c < sizes.length; c++) {
            nodesOf[c] = new int[sizes[c]];
        }
        int[] fill = new int[sizes.length];
        for (int v : trainNodes) {
            int c = graph.classes()[v];
            nodesOf[c][fill[c]++] = v;
        }
    }

    /** The decoder's W (hidden x hidden), after the backbone's tensors; no weight decay (not layer 1). */
    void addDecoder(ParameterSet params, SplittableRandom random) {
        int h = spec.hidden();
        params.uniform(DECODER, false, 1 / Math.sqrt(h), random, h, h);
    }

    /** The directed edges of the original graph (both directions, no self-loops), the reconstruction's positives. */
    void prepare(NDManager root) {
        Csr csr = graph.adjacency();
        edgeSet = new HashSet<>();
        for (int v = 0; v < n; v++) {
            for (int k = csr.offsets()[v]; k < csr.offsets()[v + 1]; k++) {
                int u = csr.neighbours()[k];
                if (u != v) {
                    edgeSet.add(pair(v, u));
                }
            }
        }
        edgeSources = new int[edgeSet.size()];
        edgeTargets = new int[edgeSet.size()];
        int e = 0;
        for (long key : new TreeSet<>(edgeSet)) {
            edgeSources[e] = (int) (key / n);
            edgeTargets[e++] = (int) (key % n);
        }
    }

    private long pair(int i, int j) {
        return (long) i * n + j;
    }

    Result step(NDManager root, Backbone model, ParameterSet params, FeatureInput x, GraphTensors originalGraph,
                float[] mask, MethodLoss loss, SplittableRandom random) {
        Engines.TRAINING_LOCK.lock();
        try (NDScope scope = new NDScope(); NDManager epoch = root.newSubManager()) {
            NDArray maskArray = mask == null ? null : Transfer.floats(epoch, mask, new Shape(n, spec.hidden()));
            NDList p = params.toEngine(epoch, true);
            NDArray decoder = p.get(p.size() - 1);
            try (GradientCollector collector = Engines.engine().newGradientCollector()) {
                NDArray h = Backbone.activate(model.hidden(p, x, null, originalGraph), maskArray);
                GraphSmotePlan plan = GraphSmotePlan.draw(nodesOf, random);
                int m = plan.size();
                NDArray all = h;
                GraphTensors augmentedGraph = originalGraph;
                if (m > 0) {
                    int[] neighbours = plan.neighbours(nodesOf, h.toFloatArray(), spec.hidden());
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
                int[] rows = new int[trainNodes.length + m];
                int[] labels = new int[rows.length];
                for (int i = 0; i < trainNodes.length; i++) {
                    rows[i] = trainNodes[i];
                    labels[i] = graph.classes()[trainNodes[i]];
                }
                for (int k = 0; k < m; k++) {
                    rows[trainNodes.length + k] = n + k;
                    labels[trainNodes.length + k] = plan.classes()[k];
                }
                NDArray classification = loss.compute(logits.get(Transfer.longs(epoch, rows)), labels);
                NDArray value = classification.add(
                    reconstruction(epoch, h, decoder, random).mul(Transfer.scalar(epoch, (float) RECONSTRUCTION_WEIGHT)));
                collector.backward(value);
                float[][] gradients = new float[p.size()][];
                for (int i = 0; i < p.size(); i++) {
                    gradients[i] = p.get(i).getGradient().toFloatArray();
                }
                return new Result(value.getFloat(), gradients, m);
            }
        } finally {
            Engines.TRAINING_LOCK.unlock();
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

    /**
     * Σ over all edges of (σ(h_i W h_jᵀ) − 1)² plus Σ over an equal number of uniformly drawn
     * non-edges of σ(h_i W h_jᵀ)²: the edge/non-edge balanced squared error, estimated.
     */
    private NDArray reconstruction(NDManager manager, NDArray h, NDArray decoder, SplittableRandom random) {
        int edges = edgeSources.length;
        if (edges == 0 || (long) n * n - n <= edges) {
            return h.sum().mul(Transfer.scalar(manager, 0f)); // no edges or no non-edges: nothing to balance
        }
        int[] from = new int[2 * edges];
        int[] to = new int[2 * edges];
        float[] target = new float[2 * edges];
        System.arraycopy(edgeSources, 0, from, 0, edges);
        System.arraycopy(edgeTargets, 0, to, 0, edges);
        Arrays.fill(target, 0, edges, 1f);
        for (int k = edges; k < 2 * edges; k++) {
            int i;
            int j;
            do {
                i = random.nextInt(n);
                j = random.nextInt(n);
            } while (i == j || edgeSet.contains(pair(i, j)));
            from[k] = i;
            to[k] = j;
        }
        NDArray projected = h.matMul(decoder);
        NDArray scores = projected.get(Transfer.longs(manager, from)).mul(h.get(Transfer.longs(manager, to))).sum(new int[] {1});
        return Activation.sigmoid(scores).sub(Transfer.floats(manager, target)).square().sum();
    }
}
