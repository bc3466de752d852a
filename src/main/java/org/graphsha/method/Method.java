package org.graphsha.method;

import java.util.List;

import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.synthesis.SynthesisCounts;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SynthesisTarget;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.synthesis.ens.EnsOptions;
import org.graphsha.synthesis.ens.EnsSynthesizer;
import org.graphsha.synthesis.graphsha.GraphShaSynthesizer;
import org.graphsha.synthesis.smote.GraphSmotePlan;
import org.graphsha.synthesis.smote.UpsampleSynthesizer;
import org.graphsha.training.augment.EpochAugmentation;
import org.graphsha.training.augment.SelfTrainingOptions;
import org.graphsha.training.augment.VirtualClassNodes;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.Trainer;
import org.graphsha.training.loop.TrainerOptions;
import org.graphsha.training.loop.TrainingResult;
import org.graphsha.training.losses.LossAdjustment;
import org.graphsha.training.losses.LossKind;
import org.graphsha.training.losses.TamAdjustment;
import org.graphsha.training.losses.TamOptions;

/**
 * The {@code method} of {@code graphsha.train}, and the one place that says what each method does:
 * its loss, how it synthesizes nodes, its training step, its loss adjustment, how many synthetic
 * nodes it may add, whether those can be written to the database, and the per-epoch augmentations its
 * step takes. The pipeline, the bench, the estimate and the synthetic-node procedure all ask this plan;
 * adding a method changes this file and its test. Settings of GraphENS and TAM are the papers' (docs/algorithm.md §5), not keys.
 */
public enum Method {
    GRAPHSHA(LossKind.VANILLA, Synthesis.GRAPHSHA, false),
    VANILLA(LossKind.VANILLA, Synthesis.NONE, false),
    REWEIGHT(LossKind.REWEIGHT, Synthesis.NONE, false),
    PC_SOFTMAX(LossKind.PC_SOFTMAX, Synthesis.NONE, false),
    CB_LOSS(LossKind.CB_LOSS, Synthesis.NONE, false),
    FOCAL(LossKind.FOCAL, Synthesis.NONE, false),
    RE_NODE(LossKind.RENODE, Synthesis.NONE, false),
    UPSAMPLE(LossKind.VANILLA, Synthesis.UPSAMPLE, false),
    GRAPH_ENS(LossKind.VANILLA, Synthesis.GRAPH_ENS, false),
    /** TAM on GraphENS. */
    TAM(LossKind.VANILLA, Synthesis.GRAPH_ENS_UNDER_TAM, true),
    /** TAM on ReNode. */
    TAM_RENODE(LossKind.RENODE, Synthesis.NONE, true),
    /** GraphSmote_O: SMOTE between the backbone's layers with a jointly trained edge decoder. */
    GRAPH_SMOTE(LossKind.VANILLA, Synthesis.BETWEEN_LAYERS, false);

    /** What the step every method shares takes beyond its synthetic batch; a new augmentation is listed here. */
    private static final List<Class<? extends EpochAugmentation>> SHARED_STEP_AUGMENTATIONS =
        List.of(SelfTrainingOptions.class, VirtualClassNodes.class);

    /** Where a method's synthetic nodes come from. */
    private enum Synthesis { NONE, GRAPHSHA, UPSAMPLE, GRAPH_ENS, GRAPH_ENS_UNDER_TAM, BETWEEN_LAYERS }

    private final LossKind loss;
    private final Synthesis synthesis;
    private final boolean tamAdjustment;

    Method(LossKind loss, Synthesis synthesis, boolean tamAdjustment) {
        this.loss = loss;
        this.synthesis = synthesis;
        this.tamAdjustment = tamAdjustment;
    }

    public LossKind loss() {
        return loss;
    }

    /** Whether the method needs the neighbour distribution S̃ (GraphSHA's diffusion) before training. */
    public boolean needsDiffusion() {
        return synthesis == Synthesis.GRAPHSHA;
    }

    /** S̃ for this method with the rows of the snapshot's training nodes, or null when it needs none. */
    public NeighbourDistribution diffusion(GraphSnapshot snapshot, SynthesisOptions options) {
        return diffusion(snapshot, options, false);
    }

    /**
     * S̃ for this method, with the rows its runs read, or null when it needs none.
     *
     * @param withValidation whether runs may also train on this snapshot's validation nodes (a holdout drawn
     *                       again per seed), whose rows are then kept too
     */
    public NeighbourDistribution diffusion(GraphSnapshot snapshot, SynthesisOptions options, boolean withValidation) {
        return needsDiffusion() ? Diffusion.compute(snapshot.adjacency(), options.diffusion(),
            GraphShaSynthesizer.rowsRead(snapshot, withValidation), done -> { }) : null;
    }

    /**
     * A fresh synthesizer for one run (synthesizers keep per-run state), or null when the method adds
     * no nodes before the forward pass.
     *
     * @param distribution S̃ from {@link #diffusion}; read only when {@link #needsDiffusion()}
     */
    public Synthesizer newSynthesizer(GraphSnapshot snapshot, NeighbourDistribution distribution,
                                      SynthesisOptions options) {
        return switch (synthesis) {
            case GRAPHSHA -> {
                if (distribution == null) {
                    throw new IllegalArgumentException("method " + name() + " needs the diffusion of the snapshot");
                }
                yield new GraphShaSynthesizer(snapshot, distribution, options);
            }
            case UPSAMPLE -> new UpsampleSynthesizer(snapshot);
            case GRAPH_ENS -> new EnsSynthesizer(snapshot, EnsOptions.graphEns());
            case GRAPH_ENS_UNDER_TAM -> new EnsSynthesizer(snapshot, EnsOptions.underTam());
            case NONE, BETWEEN_LAYERS -> null;
        };
    }

    /**
     * Trains one run with this method's step and loss adjustment.
     *
     * @param synthesizer from {@link #newSynthesizer} (possibly wrapped), null when it returned null
     * @param upScale     GraphSmote's up-scale (0: fill to the mean); ignored by other methods
     */
    public TrainingResult train(GraphSnapshot snapshot, TrainerOptions options, Synthesizer synthesizer, double upScale,
                                EpochListener listener) {
        if (synthesis == Synthesis.BETWEEN_LAYERS) {
            return Trainer.trainGraphSmote(snapshot, options, upScale, listener);
        }
        LossAdjustment adjustment = tamAdjustment ? new TamAdjustment(snapshot, TamOptions.defaults()) : null;
        return Trainer.train(snapshot, options, synthesizer, listener, adjustment);
    }

    /**
     * Most synthetic nodes one epoch of this method adds, from the training class sizes, for the memory
     * estimate and guard. GraphSHA's warm-up epochs fill every class up to the largest whatever the
     * target, which sets the peak on skewed graphs (480,143 nodes for 169,343 on the arXiv-size graph,
     * docs/benchmarks/scale.md); GraphENS fills to the largest class, Upsample to the mean, GraphSmote
     * by its up-scale.
     *
     * @param trainingCounts training nodes per class
     * @param upScale        GraphSmote's up-scale (0: fill to the mean); ignored by other methods
     */
    public long syntheticNodePeak(int[] trainingCounts, SynthesisOptions options, double upScale) {
        return switch (synthesis) {
            case GRAPHSHA -> Math.min(options.maxSyntheticNodes(), Math.max(options.warmupEpochs() >= 0
                ? filled(trainingCounts, SynthesisTarget.MAX) : 0, filled(trainingCounts, options.target())));
            case UPSAMPLE -> filled(trainingCounts, SynthesisTarget.MEAN);
            case GRAPH_ENS, GRAPH_ENS_UNDER_TAM -> filled(trainingCounts, SynthesisTarget.MAX);
            case BETWEEN_LAYERS -> SynthesisCounts.total(GraphSmotePlan.counts(trainingCounts, upScale));
            case NONE -> 0;
        };
    }

    /** Synthetic nodes per epoch to fill the classes with training nodes up to {@code target}. */
    private static long filled(int[] trainingCounts, SynthesisTarget target) {
        int[] counts = SynthesisCounts.perClass(trainingCounts, target);
        long total = 0;
        for (int c = 0; c < counts.length; c++) {
            total += trainingCounts[c] > 0 ? counts[c] : 0;
        }
        return total;
    }

    /** Whether GraphSmote's edge decoder scores synthetic nodes against candidates (memory estimate). */
    public boolean decodesSyntheticEdges() {
        return synthesis == Synthesis.BETWEEN_LAYERS;
    }

    /** Whether synthetic nodes can be materialised: only GraphSHA's have an anchor, auxiliary and δ to show. */
    public boolean writesSyntheticNodes() {
        return synthesis == Synthesis.GRAPHSHA;
    }

    /**
     * The per-epoch augmentations this method's training step takes: the step every method shares takes each
     * of them; GraphSmote trains with a step of its own, which takes none.
     */
    public List<Class<? extends EpochAugmentation>> augmentations() {
        return synthesis == Synthesis.BETWEEN_LAYERS ? List.of() : SHARED_STEP_AUGMENTATIONS;
    }

    public boolean takes(Class<? extends EpochAugmentation> kind) {
        return augmentations().contains(kind);
    }

    /** Why this method refuses an augmentation it does not take, as "method X, whose ..." goes on. */
    public String whyItTakesNoAugmentation() {
        return synthesis == Synthesis.BETWEEN_LAYERS
            ? "whose own step builds its graph between the layers and trains its edge decoder"
            : "whose step does not take it";
    }

    /**
     * Whether {@code graphsha.train} self-trains by default: only graphsha, the default method, so that every
     * baseline still runs as its paper describes unless the key is given.
     */
    public boolean selfTrainsByDefault() {
        return this == GRAPHSHA;
    }

    /** Whether the {@code hardness} and {@code hardnessNeighbours} keys apply: only GraphSHA's synthesis has anchors. */
    public boolean takesHardness() {
        return synthesis == Synthesis.GRAPHSHA;
    }

    /**
     * Whether the method trains on a decoupled backbone ({@code backbone: 'sign'}), which scores rows without a
     * graph: its synthetic nodes must leave the real rows alone, and nothing may read the augmented graph's
     * operators (TAM's neighbour label distribution), the input gradient (GraphENS) or the layers (GraphSmote).
     */
    public boolean takesDecoupledBackbone() {
        return !tamAdjustment && (synthesis == Synthesis.NONE || synthesis == Synthesis.GRAPHSHA
            || synthesis == Synthesis.UPSAMPLE);
    }

    /** Whether the {@code graphSmoteUpScale} key applies. */
    public boolean takesUpScale() {
        return synthesis == Synthesis.BETWEEN_LAYERS;
    }
}
