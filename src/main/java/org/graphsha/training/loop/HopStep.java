package org.graphsha.training.loop;

import java.util.SplittableRandom;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.HopBackbone;
import org.graphsha.nn.HopFeatures;
import org.graphsha.nn.HopOperator;
import org.graphsha.nn.HopRows;
import org.graphsha.nn.MessageGraph;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.ParameterSet;
import org.graphsha.nn.ProjectedHops;
import org.graphsha.nn.SyntheticHops;
import org.graphsha.nn.Transfer;
import org.graphsha.training.augment.SelfTraining;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;

/**
 * The training step of a decoupled backbone ({@link HopBackbone}, docs/algorithm.md, the sign backbone). It scores
 * only the rows the loss reads: the real training nodes, this epoch's pseudo-labelled nodes, then the synthetic
 * nodes, whose hop rows {@link SyntheticHops} computes exactly. The loss is the full-batch step's over those rows.
 *
 * <p>Rows go to the engine in batches of {@code batchRows}, and the epoch still takes one optimiser step with the
 * full-batch gradient: when the rows fill more than one batch, a first pass without gradients collects every row's
 * logits, the loss and its gradient ∂L/∂logits are computed on them once, and a second pass back-propagates each
 * batch's share Σ logits ⊙ ∂L/∂logits, summing the parameter gradients. That holds for any loss, batch-coupled ones
 * included (weighted means, the pseudo-label term).
 *
 * <p>Where mapping first is cheaper ({@link ProjectedHops#cheaper}: sparse, wide X on a small graph), the step maps
 * X and propagates the hidden-wide rows on the augmented graph in one pass instead, and builds no synthetic hop rows.
 */
final class HopStep implements TrainingStep {

    private final GraphSnapshot graph;
    private final ModelSpec spec;
    private final int[] trainNodes;
    private final boolean keepOriginalLogits;
    private final int batchRows;
    private final int threads;
    private final Execution execution;
    /** The synthesizer's logits ({@link #originalLogits}) and the rows the last step wrote into them. */
    private float[] original;
    private int[] written = new int[0];

    /**
     * @param keepOriginalLogits whether a synthesizer reads the training rows' logits in the next epoch
     * @param batchRows          rows per engine batch
     * @param threads            threads that propagate the hop features
     */
    HopStep(GraphSnapshot graph, ModelSpec spec, int[] trainNodes, boolean keepOriginalLogits, int batchRows,
            int threads) {
        this(graph, spec, trainNodes, keepOriginalLogits, batchRows, threads, Execution.CHEAPER);
    }

    /** How the epochs compute the mapped hops: the cheaper way for the graph, or the one given. */
    enum Execution { CHEAPER, PRECOMPUTED_ROWS, MAP_FIRST }

    HopStep(GraphSnapshot graph, ModelSpec spec, int[] trainNodes, boolean keepOriginalLogits, int batchRows,
            int threads, Execution execution) {
        if (batchRows < 1) {
            throw new IllegalArgumentException("batchRows must be positive, but was " + batchRows);
        }
        this.graph = graph;
        this.spec = spec;
        this.trainNodes = trainNodes;
        this.keepOriginalLogits = keepOriginalLogits;
        this.batchRows = batchRows;
        this.threads = threads;
        this.execution = execution;
    }

    @Override
    public RunInputs inputs(NDManager root, GraphSnapshot snapshot, TrainerOptions config, MessageGraph baseGraph) {
        HopOperator a = HopOperator.of(snapshot.adjacency(), spec.gcnNormalization());
        // A training row is mapped twice (its weight gradient repeats the product); the eval maps every row under a
        // per-epoch augmentation, else the validation rows, taken here as many as the training rows.
        long evalRows = config.augmentations().isEmpty() ? trainNodes.length : snapshot.nodeCount();
        boolean mapFirst = execution == Execution.MAP_FIRST || execution == Execution.CHEAPER
            && ProjectedHops.cheaper(a, snapshot.features(), spec.hops(), 2L * trainNodes.length + evalRows);
        ProjectedHops projected = mapFirst ? ProjectedHops.of(root, a, snapshot.features(), spec.gcnNormalization())
            : null;
        return new HopInputs(() -> HopFeatures.compute(a, snapshot.features(), spec.hops(), threads), spec.hops(), a,
            batchRows, projected);
    }

    /** A run that maps first starts each step from the last eval forward's X·[W_0 | ... | W_K]; the others ignore it. */
    @Override
    public boolean acceptsProjection() {
        return true;
    }

    @Override
    public int dropoutRows(StepContext run, SyntheticBatch batch) {
        return trainNodes.length + pseudoLabelled(run).length + batch.size();
    }

    @Override
    public int dropoutWidth(ModelSpec model) {
        return ((HopBackbone) model.backbone()).hiddenWidth();
    }

    @Override
    public StepOutput step(StepContext run, int epochIndex, ParameterSet params, SyntheticBatch batch, float[] mask,
                           float[] projection, SplittableRandom random) {
        if (run.augmentations().nodes().size() > 0) {
            throw new IllegalStateException("virtual class nodes do not combine with the sign backbone");
        }
        HopInputs in = (HopInputs) run.inputs();
        HopBackbone model = (HopBackbone) run.model();
        int n = graph.nodeCount();
        int m = batch.size();
        int[] pseudo = pseudoLabelled(run);
        int t = trainNodes.length;
        int p = pseudo.length;
        int total = t + p + m;
        // Row order: training nodes, pseudo-labelled nodes, synthetic nodes (N + s).
        int[] rows = new int[total];
        System.arraycopy(trainNodes, 0, rows, 0, t);
        System.arraycopy(pseudo, 0, rows, t, p);
        for (int s = 0; s < m; s++) {
            rows[t + p + s] = n + s;
        }
        ProjectedHops projected = in.projected();
        float[][] synthetic = m == 0 || projected != null ? null
            : SyntheticHops.of(in.hops(), in.operator(), spec.gcnNormalization(), batch, in.syntheticRows(), threads);
        LossRows target = LossRows.of(graph, trainNodes, batch.classes());
        int[] lossRows = new int[t + m];
        for (int i = 0; i < t; i++) {
            lossRows[i] = i;
        }
        for (int s = 0; s < m; s++) {
            lossRows[t + s] = t + p + s;
        }
        int width = dropoutWidth(spec);
        Batches batches = projected != null ? null
            : new Batches(run, model, params, in.hops(), synthetic, rows, mask, width);
        try (NDScope scope = new NDScope(); NDManager epoch = run.root().newSubManager()) {
            float[] logits;
            double loss;
            float[][] gradients;
            if (projected != null) {
                NDList engineParams = params.toEngine(epoch, true);
                ProjectedHops.Pass pass = projected.forward(epoch, model, engineParams, batch, rows, projection);
                NDList mapped = pass.mapped();
                mapped.forEach(map -> map.setRequiresGradient(true));
                try (GradientCollector collector = run.runtime().newGradientCollector()) {
                    NDArray maskArray = mask == null ? null : Transfer.floats(epoch, mask, 0, total * width,
                        new Shape(total, width));
                    NDArray all = model.logitsOfMapped(engineParams, mapped, maskArray);
                    NDArray value = loss(run, all, lossRows, target.labels(), t, p);
                    collector.backward(value);
                    loss = value.getFloat();
                    logits = all.toFloatArray();
                }
                gradients = mappedFirstGradients(epoch, model, engineParams, pass, graph.features().dimension());
            } else if (total <= batchRows) {
                NDList engineParams = params.toEngine(epoch, true);
                try (GradientCollector collector = run.runtime().newGradientCollector()) {
                    NDArray all = batches.forward(epoch, engineParams, 0, total);
                    NDArray value = loss(run, all, lossRows, target.labels(), t, p);
                    collector.backward(value);
                    loss = value.getFloat();
                    logits = all.toFloatArray();
                    gradients = Batches.gradients(engineParams);
                }
            } else {
                logits = batches.logitsWithoutGradient(epoch, batchRows);
                NDArray leaf = Transfer.floats(epoch, logits, new Shape(total, logits.length / total));
                leaf.setRequiresGradient(true);
                float[] upstream;
                try (GradientCollector collector = run.runtime().newGradientCollector()) {
                    NDArray value = loss(run, leaf, lossRows, target.labels(), t, p);
                    collector.backward(value);
                    loss = value.getFloat();
                    upstream = leaf.getGradient().toFloatArray();
                }
                gradients = batches.backPropagate(epoch, batchRows, upstream);
            }
            float[] original = keepOriginalLogits ? originalLogits(logits, rows, t + p, n) : null;
            return new StepOutput(loss, gradients, original, m);
        }
    }

    /**
     * Every parameter's gradient after a mapped-first step: the engine's for the parameters after the maps, and for
     * the hop maps W_k, which reach the loss only through the mapped leaves, the pass's own.
     */
    private static float[][] mappedFirstGradients(NDManager manager, HopBackbone model, NDList engineParams,
                                                  ProjectedHops.Pass pass, int featureWidth) {
        NDList upstream = new NDList(pass.mapped().size());
        pass.mapped().forEach(map -> upstream.add(map.getGradient()));
        float[] joined = pass.weightGradient(manager, upstream).toFloatArray();
        int maps = upstream.size();
        int hidden = pass.hidden();
        float[][] out = new float[engineParams.size()][];
        for (int i = 0; i < out.length; i++) {
            NDArray parameter = engineParams.get(i);
            int k = 0;
            while (k < maps && model.hopWeight(engineParams, k) != parameter) {
                k++;
            }
            if (k == maps) {
                out[i] = parameter.getGradient().toFloatArray();
                continue;
            }
            float[] own = new float[featureWidth * hidden];
            for (int f = 0; f < featureWidth; f++) {
                System.arraycopy(joined, (f * maps + k) * hidden, own, f * hidden, hidden);
            }
            out[i] = own;
        }
        return out;
    }

    /** The full-batch step's loss over this step's rows: the method's loss on the loss rows, then the pseudo-labels. */
    private static NDArray loss(StepContext run, NDArray logits, int[] lossRows, int[] labels, int t, int p) {
        NDManager manager = logits.getManager();
        NDArray value = run.loss().compute(logits.get(Transfer.longs(manager, lossRows)), labels);
        return p == 0 ? value : value.add(run.augmentations().selfTraining().lossOnRows(logits.get(t + ":" + (t + p))));
    }

    /**
     * N x C training-mode logits for the synthesizer's hardness, which reads the training nodes' rows: those (and the
     * pseudo-labelled nodes') are this step's, the rows it did not score are zero. One array serves the whole run (the
     * synthesizer reads it before the next step writes it): N x C floats are hundreds of MB on a large graph.
     */
    private float[] originalLogits(float[] logits, int[] rows, int realRows, int n) {
        int classes = logits.length / rows.length;
        if (original == null) {
            original = new float[Math.multiplyExact(n, classes)];
        }
        for (int v : written) {
            java.util.Arrays.fill(original, v * classes, (v + 1) * classes, 0f);
        }
        for (int i = 0; i < realRows; i++) {
            System.arraycopy(logits, i * classes, original, rows[i] * classes, classes);
        }
        written = java.util.Arrays.copyOf(rows, realRows);
        return original;
    }

    /** The engine passes over one epoch's rows, a batch at a time. */
    private record Batches(StepContext run, HopBackbone model, ParameterSet params, HopFeatures hops,
                           float[][] synthetic, int[] rows, float[] mask, int width) {

        /** Training-mode logits of rows [from, to), with the batch's slice of the dropout mask. */
        NDArray forward(NDManager manager, NDList engineParams, int from, int to) {
            NDArray maskArray = mask == null ? null : Transfer.floats(manager, mask, from * width, (to - from) * width,
                new Shape(to - from, width));
            return model.logits(engineParams, HopRows.gather(manager, hops, synthetic, rows, from, to), maskArray);
        }

        /** Every row's training-mode logits, row-major, without gradients. */
        float[] logitsWithoutGradient(NDManager epoch, int batchRows) {
            float[] out = null;
            NDList engineParams = params.toEngine(epoch, false);
            for (int from = 0; from < rows.length; from += batchRows) {
                int to = Math.min(rows.length, from + batchRows);
                try (NDManager b = epoch.newSubManager()) {
                    float[] logits = forward(b, engineParams, from, to).toFloatArray();
                    int classes = logits.length / (to - from);
                    if (out == null) {
                        out = new float[Math.multiplyExact(rows.length, classes)];
                    }
                    System.arraycopy(logits, 0, out, from * classes, logits.length);
                }
            }
            return out;
        }

        /** Σ over batches of the parameter gradients of Σ logits ⊙ upstream, batch by batch in row order. */
        float[][] backPropagate(NDManager epoch, int batchRows, float[] upstream) {
            int classes = upstream.length / rows.length;
            float[][] sum = null;
            for (int from = 0; from < rows.length; from += batchRows) {
                int to = Math.min(rows.length, from + batchRows);
                try (NDManager b = epoch.newSubManager()) {
                    NDList engineParams = params.toEngine(b, true);
                    try (GradientCollector collector = run.runtime().newGradientCollector()) {
                        NDArray logits = forward(b, engineParams, from, to);
                        NDArray g = Transfer.floats(b, upstream, from * classes, (to - from) * classes,
                            new Shape(to - from, classes));
                        collector.backward(logits.mul(g).sum());
                        float[][] batchGradients = gradients(engineParams);
                        if (sum == null) {
                            sum = batchGradients;
                        } else {
                            for (int i = 0; i < sum.length; i++) {
                                for (int j = 0; j < sum[i].length; j++) {
                                    sum[i][j] += batchGradients[i][j];
                                }
                            }
                        }
                    }
                }
            }
            return sum;
        }

        static float[][] gradients(NDList engineParams) {
            float[][] out = new float[engineParams.size()][];
            for (int i = 0; i < out.length; i++) {
                out[i] = engineParams.get(i).getGradient().toFloatArray();
            }
            return out;
        }
    }

    private static int[] pseudoLabelled(StepContext run) {
        SelfTraining selfTraining = run.augmentations().selfTraining();
        return selfTraining == null ? new int[0] : selfTraining.rows();
    }
}
