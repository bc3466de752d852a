package org.graphsha.tools.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graphsha.config.TrainConfig;
import org.graphsha.method.TrainingTime;
import org.graphsha.numeric.Durations;
import org.graphsha.pipeline.TrainSizing;
import org.graphsha.procedures.EstimateResult;
import org.graphsha.synthesis.SynthesisCounts;
import org.graphsha.tools.generate.ClassSizes;
import org.graphsha.tools.generate.Flags;

/**
 * {@code ./graphsha estimate}: what {@code graphsha.train.estimate} would say for a graph of a given size, before the
 * graph exists, so that a deployment can be sized. Training classes follow the generator's long tail; every other
 * flag is a {@code graphsha.train} key, as in the bench.
 */
public final class EstimateCommand {

    public static final String USAGE = "usage: estimate [--nodes 2449029] [--relationships 123718280: as the projection counts them, twice per stored one when undirected] [--features 100]"
        + " [--classes 47] [--imbalance-ratio 1200] [--train-fraction 0.08] [--val-fraction 0.02] [--time false: true times"
        + " a few epochs on generated graphs of this shape and prints the expected training time on this machine] [--KEY VALUE: graphsha.train keys, e.g."
        + " --backbone sign --maxSyntheticNodes 100000]";

    /** Machine memories the printed estimate is compared with. */
    private static final List<Long> MACHINES_GIB = List.of(24L, 64L, 256L);

    private EstimateCommand() {}

    public static int run(String[] args, PrintStream out) {
        Flags flags;
        try {
            flags = new Flags(List.of(args));
        } catch (IllegalArgumentException e) {
            out.println("error: expected --FLAG VALUE pairs: " + e.getMessage());
            out.println(USAGE);
            return 2;
        }
        try {
            long nodes = flags.longInRange("nodes", 2_449_029, 1, Integer.MAX_VALUE);
            long relationships = flags.longInRange("relationships", 123_718_280, 0, Long.MAX_VALUE / 2);
            int features = flags.intInRange("features", 100, 1, 1_000_000);
            int classes = flags.intInRange("classes", 47, 2, 100_000);
            double ratio = flags.number("imbalance-ratio", 1200, 1, 1e6, false);
            double trainFraction = flags.number("train-fraction", 0.08, 0, 1, true);
            double valFraction = flags.number("val-fraction", 0.02, 0, 1, true);
            boolean time = flags.bool("time", false);
            Map<String, Object> keys = flags.restAsKeys();
            keys.put("modelName", "estimate");
            TrainConfig config = TrainConfig.of("estimate", keys);
            int[] trainingCounts = ClassSizes.of(Math.toIntExact(Math.round(nodes * trainFraction)), classes, ratio);
            int[] validationCounts = ClassSizes.of(Math.toIntExact(Math.round(nodes * valFraction)), classes, ratio);
            TrainSizing.Estimate estimate = TrainSizing.of(config, nodes, relationships, features, trainingCounts,
                validationCounts);
            EstimateResult result = EstimateResult.of(estimate.memory(), nodes, relationships);
            out.printf(Locale.ROOT, "%,d nodes, %,d relationships, %d features, %d classes (training %,d, largest to "
                + "smallest %.0f : 1), at most %,d synthetic nodes per epoch%n", nodes, relationships, features,
                classes, SynthesisCounts.total(trainingCounts), ratio, estimate.syntheticNodes());
            out.print(result.treeView());
            for (long gib : MACHINES_GIB) {
                out.printf(Locale.ROOT, "fits %d GiB: %s%n", gib, result.bytesMax() <= (gib << 30) ? "yes" : "no");
            }
            if (time) {
                TrainingTime.Expected expected = TrainSizing.expectedTime(config, estimate);
                out.printf(Locale.ROOT, "expected time on this machine: %s (pre-processing %.1f s, then %d training(s) of "
                    + "%d epochs at %.4f s per epoch)%n", Durations.human(expected.seconds()),
                    expected.preprocessingSeconds(), expected.trainings(), expected.epochs(), expected.secondsPerEpoch());
            }
            return 0;
        } catch (IllegalArgumentException | ArithmeticException e) {
            out.println("error: " + e.getMessage());
            out.println(USAGE);
            return 1;
        }
    }
}
