package org.graphsha.pipeline;

import org.graphsha.config.TrainConfig;
import org.graphsha.data.TrainingData;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.method.Method;
import org.graphsha.method.RunConfig;
import org.graphsha.training.MemoryEstimate;
import org.neo4j.graphdb.Transaction;

/**
 * What {@code graphsha.train.estimate} yields and the memory guard compares: sized from the projection's counts and
 * the training class sizes (classes and split are read, the features are not), after the same checks of the target
 * and split as a run.
 */
public final class TrainSizing {

    /** A call's memory estimate, the size of the selected graph and the most synthetic nodes an epoch adds. */
    public record Estimate(MemoryEstimate memory, long nodeCount, long relationshipCount, long syntheticNodes) {}

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

    private static long sum(int[] counts) {
        long total = 0;
        for (int c : counts) {
            total += c;
        }
        return total;
    }

    static Sized size(TrainConfig config, GdsGraphs.Projection projection, Transaction tx) {
        GdsGraphs.Selection selection = selection(config);
        GdsGraphs.Dimensions size = projection.dimensions(selection, config.featureProperties());
        long[] ids = projection.neo4jIds(selection);
        TrainingData.Labels labels = Inputs.labels(config, projection, ids, tx);
        long n = size.nodeCount();
        // The message graph holds both directions of every pair: twice the count bounds natural and undirected
        // projections.
        long edges = 2 * size.relationshipCount();
        int classes = labels.classIndex().size();
        // Candidates train one model at a time: the peak is the largest candidate's. They share one diffusion.
        boolean needsDiffusion = config.methods().stream().anyMatch(Method::needsDiffusion);
        var diffusion = config.synthesis().diffusion();
        long rowsRead = sum(labels.trainingCounts()) + (membersRedrawHoldout(config) ? sum(labels.validationCounts()) : 0);
        long entries = !needsDiffusion ? 0 : diffusion.retainedEntries(n, edges, rowsRead);
        MemoryEstimate memory = null;
        long synthetic = 0;
        for (RunConfig run : config.runs()) {
            long peak = run.method().syntheticNodePeak(labels.trainingCounts(), run.synthesis(),
                run.graphSmoteUpScale());
            synthetic = Math.max(synthetic, peak);
            MemoryEstimate candidate = MemoryEstimate.of(n, edges, size.featureDimension(), classes,
                run.training().model(), peak, entries, needsDiffusion && diffusion.exactFor(Math.toIntExact(n)),
                run.method().decodesSyntheticEdges());
            if (memory == null || candidate.heapBytes() + candidate.nativeMaxBytes()
                > memory.heapBytes() + memory.nativeMaxBytes()) {
                memory = candidate;
            }
        }
        if (config.ensembleSize() > 1) {
            // The members' mean probabilities, N x C doubles; the members train one after another.
            memory = memory.withHeap("ensembleMean", n * classes * Double.BYTES);
        }
        if (config.ensembleSize() > 1 || config.candidates().keepsChosenRun(labels.validationCounts())) {
            // Member 0's result (or the best candidate's so far) stays while another model trains: N x C float logits
            // and N predicted classes.
            memory = memory.withHeap("keptRun", n * ((long) classes * Float.BYTES + Integer.BYTES));
        }
        return new Sized(new Estimate(memory, n, size.relationshipCount(), synthetic), ids, labels);
    }

    static GdsGraphs.Selection selection(TrainConfig config) {
        return GdsGraphs.Selection.of(TrainConfig.filter(config.nodeLabels()), TrainConfig.filter(config.relationshipTypes()));
    }
}
