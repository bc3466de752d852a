package org.graphsha.pipeline;

import org.graphsha.config.NamedRun;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.method.Method;
import org.graphsha.method.RunConfig;
import org.graphsha.method.TrainingTime;
import org.graphsha.synthesis.SynthesisCounts;
import org.graphsha.training.MemoryEstimate;
import org.graphsha.training.augment.EpochAugmentation;
import org.neo4j.graphdb.Transaction;

/**
 * What {@code graphsha.train.estimate} yields and the memory guard compares: sized from the projection's counts and
 * the training class sizes (classes and split are read, the features are not), after the same checks of the target
 * and split as a run.
 */
public final class TrainSizing {

    /**
     * A call's memory estimate, the size of the selected graph, the most synthetic nodes an epoch adds and the graph's
     * shape as the time estimate reads it.
     */
    public record Estimate(MemoryEstimate memory, long nodeCount, long relationshipCount, long syntheticNodes,
                           TrainingTime.Shape shape) {}

    /** The estimate and what sizing read, so that a run reads the classes once. */
    record Sized(Estimate estimate, long[] ids, TrainingData.Labels labels) {}

    private TrainSizing() {}

    public static Estimate estimate(TrainConfig config, GdsGraphs graphs, Transaction tx) {
        return size(config, graphs.projection(config.graphName()), tx).estimate();
    }

    /**
     * Whether ensemble members after the first draw their own validation holdout among the training and validation
     * nodes (no split property), so GraphSHA may read the rows of S̃ of validation nodes too.
     */
    static boolean membersRedrawHoldout(TrainConfig config) {
        return config.splitProperty().isEmpty() && config.ensembleSize() > 1;
    }

    static Sized size(TrainConfig config, GdsGraphs.Projection projection, Transaction tx) {
        GdsGraphs.Selection selection = selection(config);
        GdsGraphs.Dimensions size = projection.dimensions(selection, config.featureProperties());
        long[] ids = projection.neo4jIds(selection);
        TrainingData.Labels labels = Inputs.labels(config, projection, ids, tx);
        Estimate estimate = of(config, size.nodeCount(), size.relationshipCount(), size.featureDimension(),
            labels.trainingCounts(), labels.validationCounts());
        return new Sized(estimate, ids, labels);
    }

    /**
     * The estimate of a call on a graph of this size and these training class sizes, whether or not it exists yet
     * ({@code ./graphsha estimate} sizes graphs before they are built).
     *
     * @param validationCounts validation nodes per class: they decide whether the candidates' choice keeps the
     *                         winner's scoring run, and whether members that redraw their holdout read their PPR rows
     */
    public static Estimate of(TrainConfig config, long n, long relationships, int featureDimension,
                              int[] trainingCounts, int[] validationCounts) {
        // The message graph holds both directions of every pair: twice the count bounds natural and undirected
        // projections.
        long edges = 2 * relationships;
        int classes = trainingCounts.length;
        // Candidates train one model at a time: the peak is the largest candidate's. They share one diffusion.
        boolean needsDiffusion = config.methods().stream().anyMatch(Method::needsDiffusion);
        var diffusion = config.diffusion();
        long rowsRead = (long) SynthesisCounts.total(trainingCounts)
            + (membersRedrawHoldout(config) ? SynthesisCounts.total(validationCounts) : 0);
        long entries = !needsDiffusion ? 0 : diffusion.retainedEntries(n, edges, rowsRead);
        MemoryEstimate memory = null;
        long synthetic = 0;
        for (RunConfig run : config.runs().stream().map(NamedRun::run).toList()) {
            long peak = run.method().syntheticNodePeak(trainingCounts, run.synthesis(), run.graphSmoteUpScale());
            synthetic = Math.max(synthetic, peak);
            // Pseudo-labels may join any node outside the training set to a step's rows.
            boolean pseudoLabels = run.training().augmentations().stream().anyMatch(EpochAugmentation::enabled);
            MemoryEstimate candidate = MemoryEstimate.of(n, edges, featureDimension, classes,
                run.training().model(), peak, entries, needsDiffusion && n <= Integer.MAX_VALUE
                    && diffusion.exactFor((int) n), run.method().decodesSyntheticEdges(),
                pseudoLabels ? n : SynthesisCounts.total(trainingCounts));
            if (memory == null || candidate.heapBytes() + candidate.nativeMaxBytes()
                > memory.heapBytes() + memory.nativeMaxBytes()) {
                memory = candidate;
            }
        }
        if (config.ensembleSize() > 1) {
            // The members' mean probabilities, N x C doubles; the members train one after another.
            memory = memory.withHeap("ensembleMean", n * classes * Double.BYTES);
        }
        if (config.ensembleSize() > 1 || config.candidates().keepsChosenRun(validationCounts)) {
            // Member 0's result (or the best candidate's so far) stays while another model trains: N x C float logits
            // and N predicted classes.
            memory = memory.withHeap("keptRun", n * ((long) classes * Float.BYTES + Integer.BYTES));
        }
        return new Estimate(memory, n, relationships, synthetic,
            new TrainingTime.Shape(n, edges, featureDimension, trainingCounts, validationCounts));
    }

    /** The call's expected time on this machine, from a few measured epochs of its runs ({@link TrainingTime}). */
    public static TrainingTime.Expected expectedTime(TrainConfig config, Estimate estimate) {
        return TrainingTime.of(config.plan(null), config.diffusion(), estimate.shape(), config.epochs(), config.seed());
    }

    static GdsGraphs.Selection selection(TrainConfig config) {
        return GdsGraphs.Selection.of(TrainConfig.filter(config.nodeLabels()), TrainConfig.filter(config.relationshipTypes()));
    }
}
