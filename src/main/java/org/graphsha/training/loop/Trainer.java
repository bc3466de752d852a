package org.graphsha.training.loop;

import java.util.SplittableRandom;
import org.graphsha.graph.Masks;
import org.graphsha.training.augment.EpochAugmentation;
import org.graphsha.training.losses.LossAdjustment;
import org.graphsha.training.losses.LossKind;
import org.graphsha.training.optim.Adam;
import org.graphsha.training.optim.PlateauScheduler;
import org.graphsha.training.selection.LogitReadout;
import org.graphsha.training.selection.ModelSelection;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.Backbone;
import org.graphsha.nn.EngineRuntime;
import org.graphsha.nn.Engines;
import org.graphsha.nn.HopBackbone;
import org.graphsha.nn.HopRows;
import org.graphsha.nn.MessageGraph;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.ParameterSet;
import org.graphsha.synthesis.FeatureGradientListener;
import org.graphsha.synthesis.Synthesizer;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.NDScope;

/**
 * The training loop of docs/algorithm.md §3. Per epoch: synthesize (optional); hand the last eval forward to
 * the run's {@link EpochAugmentation}s (optional: pseudo-labels §10.1, virtual class links §10.3); the training
 * step, i.e. forward, loss and backward ({@link AugmentedStep}, or {@link GraphSmoteStep} for GraphSmote); validation loss
 * from the eval-mode logits of the parameters before the step; Adam step; plateau scheduler; eval
 * forward with the new parameters; model selection by (val acc + val macro-F1)/2, strictly greater, which also
 * ends the loop early when patience is set ({@link ModelSelection}).
 *
 * <p>One {@link SplittableRandom} seeded with the run's seed drives, in order: initialisation, then per
 * epoch the synthesizer's draws, the augmentations' draws (BAT's virtual links) and the dropout mask. Parameters
 * live in Java between epochs and are copied to the engine each epoch inside an {@link NDScope}, so engine memory
 * does not grow.
 *
 * <p>A synthesizer that is a {@link FeatureGradientListener} (GraphENS) receives ∂L/∂X at its rows after
 * every backward, and a {@link LossAdjustment} (TAM) adds constants to the loss rows' logits.
 */
public final class Trainer {

    private final GraphSnapshot graph;
    private final TrainerOptions config;
    private final Synthesizer synthesizer;
    private final EpochListener listener;
    private final TrainingStep step;
    private final EpochAugmentations augmentations;

    private final int n;
    private final int classes;
    private final int[] trainNodes;
    private final int[] valNodes;
    private final int[] testNodes;
    private final LogitReadout readout;

    /** Builds the step once the trainer knows its training nodes. */
    private interface StepFactory {
        TrainingStep create(GraphSnapshot graph, ModelSpec spec, int[] trainNodes);
    }

    private Trainer(GraphSnapshot graph, TrainerOptions config, Synthesizer synthesizer, EpochListener listener,
                    StepFactory stepFactory) {
        this.graph = graph;
        this.config = config;
        this.synthesizer = synthesizer;
        this.listener = listener == null ? EpochListener.NONE : listener;
        this.n = graph.nodeCount();
        this.classes = graph.classCount();
        this.trainNodes = Masks.indices(graph.trainMask());
        this.valNodes = Masks.indices(graph.valMask());
        this.testNodes = Masks.indices(graph.testMask());
        requireLabelled(trainNodes, "training");
        requireLabelled(valNodes, "validation");
        this.step = stepFactory.create(graph, config.model(), trainNodes);
        this.augmentations = EpochAugmentations.prepare(graph, config.augmentations(), step);
        // A user's graph may have no test part: the test metrics are then empty, not an error.
        this.readout = new LogitReadout(graph, config.loss() == LossKind.PC_SOFTMAX);
    }

    /**
     * Trains one model.
     *
     * @param synthesizer null for plain training; otherwise asked for a batch every epoch
     * @param listener    progress callback, may be null; throwing from it cancels the run
     */
    public static TrainingResult train(GraphSnapshot graph, TrainerOptions config, Synthesizer synthesizer,
                                       EpochListener listener) {
        return train(graph, config, synthesizer, listener, null);
    }

    /** As above, with constants added to the loss rows' logits (TAM); null adjusts nothing. */
    public static TrainingResult train(GraphSnapshot graph, TrainerOptions config, Synthesizer synthesizer,
                                       EpochListener listener, LossAdjustment adjustment) {
        FeatureGradientListener gradientListener = synthesizer instanceof FeatureGradientListener l ? l : null;
        if (config.model().backbone() instanceof HopBackbone) {
            // A decoupled backbone scores rows, not a graph: its step needs no operator of the augmented graph.
            if (gradientListener != null || adjustment != null) {
                throw new IllegalArgumentException("the sign backbone trains without feature gradients (GraphENS) "
                    + "and without logit adjustments from the augmented graph (TAM)");
            }
            return new Trainer(graph, config, synthesizer, listener, (g, spec, trainNodes) -> new HopStep(g, spec,
                trainNodes, synthesizer != null, HopRows.DEFAULT_BATCH_ROWS, config.threads())).run();
        }
        return new Trainer(graph, config, synthesizer, listener, (g, spec, trainNodes) ->
            new AugmentedStep(g, spec, trainNodes, adjustment, gradientListener, synthesizer != null)).run();
    }

    /**
     * GraphSmote_O: the same loop, with {@link GraphSmoteStep} as the training step.
     *
     * @param upScale 0 fills every minor class to the mean class size; u &gt; 0 gives it floor(u·n_c) synthetic nodes
     */
    public static TrainingResult trainGraphSmote(GraphSnapshot graph, TrainerOptions config, double upScale,
                                                 EpochListener listener) {
        if (config.model().backbone() instanceof HopBackbone) {
            throw new IllegalArgumentException("GraphSmote's step builds its graph between the layers; the sign "
                + "backbone has no graph there");
        }
        return new Trainer(graph, config, null, listener, (g, spec, trainNodes) ->
            new GraphSmoteStep(g, spec, trainNodes, upScale)).run();
    }

    public static TrainingResult train(GraphSnapshot graph, TrainerOptions config) {
        return train(graph, config, null, null);
    }

    private TrainingResult run() {
        SplittableRandom random = new SplittableRandom(config.seed());
        Backbone model = Backbone.create(config.model());
        SparseFeatures features = graph.features();
        ParameterSet params = model.initialize(features.dimension(), classes, random);
        step.addParameters(params, random);
        Adam adam = new Adam(params.tensors(), config.weightDecay());
        PlateauScheduler scheduler = new PlateauScheduler(config.learningRate());
        MethodLoss loss = new MethodLoss(graph, config, trainNodes);
        EngineRuntime runtime = Engines.runtime(config.device(), config.threads());
        MessageGraph baseGraph = MessageGraph.of(graph.adjacency());
        PhaseClock clock = new PhaseClock(config.epochs());
        ModelSelection selection = new ModelSelection(readout, valNodes, testNodes, config.tieBreak(),
            config.selectionWindow().resolve(graph.classCounts(valNodes)), config.earlyStopping());
        ModelSelection.Selected selected;
        int stoppedEpoch;

        try (NDManager root = runtime.newManager()) {
            RunInputs inputs = step.inputs(root, graph, config, baseGraph);
            StepContext context = new StepContext(runtime, root, model, inputs, baseGraph, loss, augmentations);
            // Without augmentations only model selection reads the eval logits between epochs, and it reads the
            // validation rows; inputs that pay per row score those, and every row once at the end.
            boolean validationRowsOnly = augmentations.isEmpty() && inputs.scoreOnly(valNodes);
            if (validationRowsOnly) {
                selection.offeredValidationRowsOnly();
            }
            // On CPU the eval forward hands its X·W to the next training step (same W); a GPU recomputes it
            // faster than the copy would take.
            boolean reuseProjection = !runtime.device().isGpu() && step.acceptsProjection();
            EvalOutput eval = runtime.exclusive(() -> inputs.evalForward(root, model, params, reuseProjection));
            // The predicted classes behind eval.logits: model selection computes them every epoch; only the
            // forward before the first epoch needs its own.
            int[] evalPredictions = null;
            float[] previousLogits = null;
            int lastEpoch = config.epochs() - 1;
            for (int epoch = 0; epoch <= lastEpoch; epoch++) {
                clock.startEpoch();
                SyntheticBatch batch = synthesizer == null
                    ? SyntheticBatch.EMPTY
                    : synthesizer.synthesize(epoch, previousLogits, random);
                if (!augmentations.isEmpty()) {
                    if (evalPredictions == null) {
                        evalPredictions = readout.predict(eval.logits());
                    }
                    augmentations.beforeStep(epoch, eval.logits(), evalPredictions, random);
                }
                clock.lap(PhaseClock.Phase.SYNTHESIS);
                float[] mask = dropoutMask(step.dropoutRows(context, batch), step.dropoutWidth(config.model()),
                    config.model().dropout(), random);
                clock.lap(PhaseClock.Phase.DROPOUT_MASK);
                int epochIndex = epoch;
                float[] projection = eval.projection();
                StepOutput output = runtime.exclusive(
                    () -> step.step(context, epochIndex, params, batch, mask, projection, random));
                previousLogits = output.originalLogits();
                clock.lap(PhaseClock.Phase.TRAIN_STEP);
                double valLoss = readout.crossEntropy(eval.logits(), valNodes);
                double lrUsed = scheduler.lr();
                adam.step(output.gradients(), lrUsed);
                scheduler.step(valLoss);
                clock.lap(PhaseClock.Phase.OPTIMIZER);
                eval = runtime.exclusive(() -> inputs.evalForward(root, model, params, reuseProjection));
                clock.lap(PhaseClock.Phase.EVAL_FORWARD);
                ModelSelection.Scored scored = selection.offer(epoch, eval.logits(), params);
                evalPredictions = scored.predictions();
                clock.lap(PhaseClock.Phase.EVALUATION);
                clock.endEpoch(epoch);
                listener.onEpoch(new EpochReport(epoch, config.epochs(), output.loss(), valLoss, scored.validation().accuracy(),
                    scored.validation().macroF1(), lrUsed, output.syntheticNodes(), scored.improved()));
                if (scored.stop()) {
                    lastEpoch = epoch;
                }
            }
            stoppedEpoch = lastEpoch < config.epochs() - 1 ? lastEpoch : -1;
            clock.stopAfter(lastEpoch + 1);
            selected = selection.selected(lastEpoch, eval.logits(), params);
            if (validationRowsOnly || inputs.epochsScoreUnlikePrediction()) {
                ParameterSet kept = selected.parameters();
                selected = selection.withEveryRow(selected, runtime.exclusive(() -> inputs.everyRow(root, model, kept)));
            }
        }
        return new TrainingResult(selected.epoch(), selected.validation(), selected.test(),
            readout.predict(selected.logits()), selected.logits(), classes, clock.msPerEpoch(), clock.meanPerEpoch(),
            runtime.describe(), runtime.observedThreads(), selected.parameters().tensors(), stoppedEpoch);
    }

    /**
     * Inverted dropout: kept units are scaled by 1/(1-p); null when p = 0. A unit is dropped when the top 24 bits of
     * the next int are under p·2^24, which is exactly {@code nextFloat() < p}; compared as integers without a branch,
     * the mask costs a fifth of the branching loop's time (dropping half the units defeats branch prediction).
     */
    static float[] dropoutMask(int rows, int width, float p, SplittableRandom random) {
        if (p == 0f) {
            return null;
        }
        float keep = 1f / (1f - p);
        int dropBelow = (int) Math.ceil(p * 0x1.0p24);
        float[] mask = new float[Math.multiplyExact(rows, width)];
        for (int i = 0; i < mask.length; i++) {
            int kept = ((random.nextInt() >>> 8) - dropBelow) >>> 31 ^ 1;
            mask[i] = keep * kept;
        }
        return mask;
    }

    private void requireLabelled(int[] nodes, String role) {
        if (nodes.length == 0) {
            throw new IllegalArgumentException("the snapshot has no " + role + " nodes");
        }
        for (int v : nodes) {
            int c = graph.classes()[v];
            if (c < 0 || c >= classes) {
                throw new IllegalArgumentException(role + " node " + v + " has class " + c
                    + ", outside 0.." + (classes - 1));
            }
        }
    }

}
