package org.graphsha.synthesis.graphsha;

import java.util.random.RandomGenerator;
import org.graphsha.synthesis.Ablation;
import org.graphsha.synthesis.EasyMixing;
import org.graphsha.synthesis.SynthesisCounts;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SynthesisReport;
import org.graphsha.synthesis.SynthesisTarget;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.synthesis.SyntheticEdgeList;
import org.graphsha.synthesis.TrainingClasses;
import org.graphsha.synthesis.sampling.RowNeighbourSampling;

import org.graphsha.diffusion.DegreeHistogram;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SyntheticBatch;

/**
 * GraphSHA as the trainer sees it: fresh synthetic nodes every epoch, easy mixing during warm-up
 * (epoch index ≤ warmupEpochs, always up to the largest class) and harder samples afterwards
 * (docs/algorithm.md §4). The neighbour distribution and degree histogram are computed once.
 * Not thread-safe: one instance per training run.
 */
public final class GraphShaSynthesizer implements Synthesizer {

    private final GraphSnapshot snapshot;
    private final SynthesisOptions options;
    private final TrainingClasses training;
    private final EasyMixing easy;
    private final HarderSynthesis harder;
    private final int[] warmupCounts;
    private final int[] targetCounts;
    private SynthesisReport lastReport;

    /** Computes the neighbour distribution from the snapshot's adjacency with {@code options.diffusion()}. */
    public static GraphShaSynthesizer create(GraphSnapshot snapshot, SynthesisOptions options) {
        return new GraphShaSynthesizer(snapshot, Diffusion.compute(snapshot.adjacency(), options.diffusion(),
            rowsRead(snapshot, false), done -> { }), options);
    }

    /**
     * The rows of S̃ a synthesizer on this snapshot, or on one whose training nodes are drawn from the
     * same labelled nodes, may read: SemiMixup reads the anchors' rows and its ablation the auxiliaries'
     * rows, and both are training nodes. All training nodes rather than the minority classes' only, so
     * one diffusion serves every synthesis target, ablation and cross-validation fold.
     *
     * @param withValidation also the validation nodes, for ensemble members that draw their own holdout
     *                       among the training and validation nodes
     */
    public static boolean[] rowsRead(GraphSnapshot snapshot, boolean withValidation) {
        int n = snapshot.nodeCount();
        boolean[] rows = new boolean[n];
        for (int v = 0; v < n; v++) {
            int c = snapshot.classes()[v];
            boolean labelled = c >= 0 && c < snapshot.classCount();
            rows[v] = labelled && (snapshot.trainMask()[v] || (withValidation && snapshot.valMask()[v]));
        }
        return rows;
    }

    /** Fails as the constructor would on a snapshot these options cannot take, before the diffusion's cost. */
    public static void requireSupported(GraphSnapshot snapshot, SynthesisOptions options) {
        options.hardness().requireSupported(new TrainingClasses(snapshot).all.length);
    }

    /** Uses a neighbour distribution computed elsewhere (e.g. on a GDS projection with GDS progress). */
    public GraphShaSynthesizer(GraphSnapshot snapshot, NeighbourDistribution distribution, SynthesisOptions options) {
        if (distribution.nodeCount() != snapshot.nodeCount()) {
            throw new IllegalArgumentException("neighbour distribution has " + distribution.nodeCount()
                + " rows but the graph has " + snapshot.nodeCount() + " nodes");
        }
        this.snapshot = snapshot;
        this.options = options;
        this.training = new TrainingClasses(snapshot);
        options.hardness().requireSupported(training.all.length);
        for (int v : training.all) {
            if (!distribution.holdsRow(v)) {
                throw new IllegalArgumentException("the neighbour distribution lacks the row of training node " + v
                    + "; compute it with the rows of GraphShaSynthesizer.rowsRead for this snapshot");
            }
        }
        DegreeHistogram degrees = DegreeHistogram.of(snapshot.adjacency());
        this.easy = new EasyMixing(training, snapshot.adjacency());
        this.harder = new HarderSynthesis(training, degrees,
            new RowNeighbourSampling(distribution, SynthesisOptions.WEIGHT_FLOOR), options);
        int[] sizes = training.sizes();
        this.warmupCounts = SynthesisCounts.capped(
            withoutEmptyClasses(SynthesisCounts.perClass(sizes, SynthesisTarget.MAX), sizes), options.maxSyntheticNodes());
        this.targetCounts = SynthesisCounts.capped(
            withoutEmptyClasses(SynthesisCounts.perClass(sizes, options.target()), sizes), options.maxSyntheticNodes());
    }

    @Override
    public SyntheticBatch synthesize(int epoch, float[] previousLogits, RandomGenerator random) {
        int n = snapshot.nodeCount();
        if (previousLogits != null && previousLogits.length != n * snapshot.classCount()) {
            throw new IllegalArgumentException("previousLogits must hold N x C = " + n * snapshot.classCount()
                + " values, but has " + previousLogits.length);
        }
        SyntheticEdgeList edges = new SyntheticEdgeList(options.syntheticEdges());
        boolean warmup = epoch <= options.warmupEpochs();
        SynthesisReport.Phase phase;
        SyntheticBatch batch;
        int[] counts = warmup ? warmupCounts : targetCounts;
        if (warmup || options.ablation() == Ablation.EASY_SAMPLES) {
            phase = warmup ? SynthesisReport.Phase.WARM_UP : SynthesisReport.Phase.EASY;
            batch = easy.synthesize(counts, n, edges, random);
        } else {
            phase = SynthesisReport.Phase.HARDER;
            batch = harder.synthesize(counts, previousLogits, n, edges, random);
        }
        lastReport = new SynthesisReport(epoch, phase, counts.clone(), mean(batch.deltas()),
            edges.meanInDegree(batch.size()), edges.size());
        return batch;
    }

    /** The report of the most recent {@link #synthesize} call, or null before the first. */
    @Override
    public SynthesisReport lastReport() {
        return lastReport;
    }

    public SynthesisOptions options() {
        return options;
    }

    /** Per-class synthetic counts after warm-up, and during it. */
    public int[] targetCounts() {
        return targetCounts.clone();
    }

    public int[] warmupCounts() {
        return warmupCounts.clone();
    }

    /** A class with no training node has no anchor to synthesise from. */
    private static int[] withoutEmptyClasses(int[] counts, int[] sizes) {
        for (int c = 0; c < counts.length; c++) {
            if (sizes[c] == 0) {
                counts[c] = 0;
            }
        }
        return counts;
    }

    private static double mean(float[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (float v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
