package org.graphsha.method;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.DiffusionKind;
import org.graphsha.diffusion.DiffusionMode;
import org.graphsha.diffusion.DiffusionOptions;
import org.graphsha.diffusion.DiffusionSources;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.synthesis.SynthesisCounts;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.training.augment.EpochAugmentation;
import org.graphsha.training.loop.TrainerOptions;
import org.graphsha.training.selection.EarlyStopping;

/**
 * The expected time of a training, from the measured cost of its own run configurations on this machine: each run
 * trains a few epochs on two generated graphs of the real graph's shape (feature width, classes, mean degree, shares
 * of training and validation nodes per class), and its time per epoch and per run, fitted as a + b·N over the two
 * sizes, is read at the real graph's N. The diffusion is timed too: the dense solve (a few thousand nodes at most) on
 * a random graph of N/2 nodes, scaled by 8, and on the push path a sample of source columns of the larger probe
 * graph, scaled by the columns computed (N, or the training nodes with {@code diffusionSources: 'anchors'}) over the
 * threads. Reading the projection is not counted. A random graph has no communities, so
 * a push spreads further on it than on most real graphs.
 *
 * <p>The generated features are dense, so a graph whose features are sparse enough for the sparse path
 * ({@code featureMode}), or for the sign backbone's map-first epochs, trains faster than expected. Warm-ups are
 * timed as the epochs after them, and with early stopping the figure is the most the epochs can take.
 */
public final class TrainingTime {

    /**
     * The larger probe graph has the real graph's nodes up to this many, and at most {@link #PROBE_ENTRIES} feature
     * entries; the smaller a quarter of it. Large enough that the per-row cost outweighs the engine's per-call
     * overhead, so the line through them extrapolates the rows rather than the overhead.
     */
    static final int PROBE_NODES = 20_000;
    static final long PROBE_ENTRIES = 8_000_000;
    static final int LEAST_PROBE_NODES = 1_000;
    /** Epochs of each probe run; the first (allocations, warm-up of the engine's kernels) is left out. */
    static final int PROBE_EPOCHS = 8;
    /** Nodes of the dense solve that runs before the timed ones. */
    private static final int WARM_UP = 300;
    /** Source columns timed on the push path. */
    private static final int PUSH_SOURCES = 64;

    /**
     * @param messageEdges directed edges, both directions of each pair, as the memory estimate counts them
     */
    public record Shape(long nodes, long messageEdges, int featureDimension, int[] trainingCounts,
                        int[] validationCounts) {}

    /**
     * @param seconds              pre-processing plus every training's epochs
     * @param secondsPerEpoch      one epoch of one training (the mean over the candidates)
     * @param preprocessingSeconds the diffusion
     * @param trainings            trainings of {@code epochs} epochs each: the candidates' scoring runs and the members
     */
    public record Expected(double seconds, double secondsPerEpoch, double preprocessingSeconds, int epochs,
                           int trainings) {}

    /** A line a + b·n through two measured points, never below the larger of them beyond it. */
    record Linear(double a, double b) {

        static Linear through(int n1, double y1, int n2, double y2) {
            double slope = Math.max(0, (y2 - y1) / (n2 - n1));
            return new Linear(y2 - slope * n2, slope);
        }

        double at(long n) {
            return Math.max(0, a + b * n);
        }
    }

    private TrainingTime() {}

    /**
     * @param plan   the call's plan (its runs, candidates' scoring and ensemble); its runs' S̃ is not read
     * @param epochs the epochs of one training
     */
    public static Expected of(TrainingPlan plan, DiffusionOptions diffusion, Shape shape, int epochs, long seed) {
        List<RunConfig> runs = plan.runConfigs();
        boolean needsDiffusion = runs.stream().anyMatch(r -> r.method().needsDiffusion());
        int largeNodes = probeNodes(shape);
        int smallNodes = largeNodes / 4;
        GraphSnapshot small = probeGraph(shape, smallNodes, seed);
        GraphSnapshot large = probeGraph(shape, largeNodes, seed + 1);
        double preprocessing = needsDiffusion
            ? diffusionSeconds(diffusion, shape.nodes(), SynthesisCounts.total(shape.trainingCounts()), large) : 0;
        NeighbourDistribution smallRows = needsDiffusion ? oneHopRows(small) : null;
        NeighbourDistribution largeRows = needsDiffusion ? oneHopRows(large) : null;

        double perEpoch = 0;
        double perTraining = 0;
        for (RunConfig run : runs) {
            double[] atSmall = timed(probeRun(run, (double) smallNodes / shape.nodes()), small, smallRows, seed);
            double[] atLarge = timed(probeRun(run, (double) largeNodes / shape.nodes()), large, largeRows, seed);
            double epoch = Linear.through(smallNodes, atSmall[0], largeNodes, atLarge[0]).at(shape.nodes());
            double fixed = Linear.through(smallNodes, atSmall[1], largeNodes, atLarge[1]).at(shape.nodes());
            perEpoch += epoch / runs.size();
            perTraining += (fixed + epochs * epoch) / runs.size();
        }
        int trainings = plan.trainings(large);
        return new Expected(preprocessing + trainings * perTraining, perEpoch, preprocessing, epochs, trainings);
    }

    /** Nodes of the larger probe graph. */
    static int probeNodes(Shape shape) {
        long byWidth = PROBE_ENTRIES / Math.max(1, shape.featureDimension());
        return (int) Math.max(LEAST_PROBE_NODES, Math.min(Math.min(shape.nodes(), PROBE_NODES), byWidth));
    }

    /**
     * The run as its epochs look after every warm-up, a few epochs long and without early stopping, on a graph
     * {@code share} times the real one's size: a cap on the synthetic nodes per epoch shrinks with the graph.
     */
    static RunConfig probeRun(RunConfig run, double share) {
        TrainerOptions training = run.training().withEpochs(PROBE_EPOCHS).withEarlyStopping(EarlyStopping.OFF)
            .withAugmentations(run.training().augmentations().stream().map(EpochAugmentation::steadyState).toList());
        int cap = run.synthesis().maxSyntheticNodes();
        SynthesisOptions synthesis = run.synthesis().withWarmupEpochs(-1).withMaxSyntheticNodes(
            cap == SynthesisOptions.NO_LIMIT ? cap : (int) Math.max(1, Math.round(cap * Math.min(1, share))));
        return new RunConfig(run.method(), training, synthesis, run.graphSmoteUpScale());
    }

    /** The median time of the epochs after the first, and the rest of the run's time (set-up, final scoring). */
    private static double[] timed(RunConfig run, GraphSnapshot graph, NeighbourDistribution distribution, long seed) {
        List<Long> ends = new ArrayList<>();
        long start = System.nanoTime();
        run.train(graph, seed, distribution, report -> ends.add(System.nanoTime()));
        long total = System.nanoTime() - start;
        double[] epochs = new double[ends.size() - 1];
        for (int e = 1; e < ends.size(); e++) {
            epochs[e - 1] = (ends.get(e) - ends.get(e - 1)) / 1e9;
        }
        Arrays.sort(epochs);
        double epoch = epochs[epochs.length / 2];
        return new double[] {epoch, Math.max(0, total / 1e9 - ends.size() * epoch)};
    }

    /** Every source's column is computed: cubic in N for the dense solve, per source on the push path. */
    private static double diffusionSeconds(DiffusionOptions options, long nodes, long anchors, GraphSnapshot large) {
        if (nodes <= Integer.MAX_VALUE && options.exactFor((int) nodes)) {
            // The solve is cubic in N, and only graphs of a few thousand nodes take it: it is timed at half the size.
            // A first, smaller solve compiles its loops; the faster of two timed ones counts.
            DiffusionOptions dense = options.withMode(DiffusionMode.EXACT);
            Diffusion.compute(randomGraph(WARM_UP, 8, 0), dense, null, done -> { });
            int half = (int) Math.max(1, nodes / 2);
            Csr probe = randomGraph(half, 8, 1);
            double fastest = Double.MAX_VALUE;
            for (int i = 0; i < 2; i++) {
                long start = System.nanoTime();
                Diffusion.compute(probe, dense, null, done -> { });
                fastest = Math.min(fastest, (System.nanoTime() - start) / 1e9);
            }
            return fastest * Math.pow((double) nodes / half, 3);
        }
        int[] sources = new int[PUSH_SOURCES];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = i * (large.nodeCount() / PUSH_SOURCES);
        }
        double perColumn = Diffusion.secondsPerColumn(large.adjacency(), options, sources);
        long columns = options.sources() == DiffusionSources.ANCHORS ? Math.min(nodes, anchors) : nodes;
        return perColumn * columns / Math.max(1, Math.min(options.concurrency(),
            Runtime.getRuntime().availableProcessors()));
    }

    /**
     * S̃ for the probe runs: the one-hop rows, since the probes time the epochs, whose cost hardly depends on how
     * many entries an anchor's row holds, and the push from every source of a random graph would take longer than
     * the probes themselves.
     */
    private static NeighbourDistribution oneHopRows(GraphSnapshot graph) {
        return Diffusion.compute(graph.adjacency(), DiffusionOptions.defaults().withKind(DiffusionKind.NONE));
    }

    /**
     * A random graph of {@code n} nodes shaped like the real one: each class's training and validation nodes in the
     * real shares (at least as many as the real graph has, up to 2 and 1), the other nodes test nodes of random
     * classes, uniformly random edges at the real mean degree, dense Gaussian features of the real width.
     */
    static GraphSnapshot probeGraph(Shape shape, int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int classCount = shape.trainingCounts().length;
        double share = (double) n / shape.nodes();
        int[] classes = new int[n];
        boolean[] train = new boolean[n];
        boolean[] validation = new boolean[n];
        boolean[] test = new boolean[n];
        int next = assign(shape.trainingCounts(), share, 2, classes, train, 0);
        next = assign(shape.validationCounts(), share, 1, classes, validation, next);
        for (int v = next; v < n; v++) {
            classes[v] = random.nextInt(classCount);
            test[v] = true;
        }
        long degree = Math.max(1, Math.min(shape.messageEdges() / Math.max(1, shape.nodes()), n / 10));
        int width = shape.featureDimension();
        float[] values = new float[n * width];
        for (int k = 0; k < values.length; k++) {
            values[k] = (float) random.nextGaussian();
        }
        return new GraphSnapshot(randomGraph(n, degree, seed), SparseFeatures.dense(n, width, values), classes,
            classCount, train, validation, test);
    }

    /** Uniformly random pairs, about {@code degree} edge ends per node once repeats and self pairs are dropped. */
    private static Csr randomGraph(int n, long degree, long seed) {
        long pairs = n * degree / 2;
        EdgeList edges = EdgeList.undirected(n, each -> {
            SplittableRandom draws = new SplittableRandom(seed);
            for (long p = 0; p < pairs; p++) {
                each.accept(draws.nextInt(n), draws.nextInt(n));
            }
        });
        return Csr.undirected(n, edges, v -> true);
    }

    private static int assign(int[] counts, double share, int least, int[] classes, boolean[] mask, int from) {
        int next = from;
        for (int c = 0; c < counts.length; c++) {
            long k = Math.max(Math.min(counts[c], least), Math.round(counts[c] * share));
            for (long i = 0; i < k && next < classes.length; i++, next++) {
                classes[next] = c;
                mask[next] = true;
            }
        }
        return next;
    }
}
