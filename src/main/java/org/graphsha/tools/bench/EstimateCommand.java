package org.graphsha.tools.bench;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graphsha.config.TrainConfig;
import org.graphsha.pipeline.TrainSizing;
import org.graphsha.procedures.EstimateResult;
import org.graphsha.tools.generate.ClassSizes;

/**
 * {@code ./graphsha estimate}: what {@code graphsha.train.estimate} would say for a graph of a given size, before the
 * graph exists, so that a deployment can be sized. Training classes follow the generator's long tail; every other
 * flag is a {@code graphsha.train} key, as in the bench.
 */
public final class EstimateCommand {

    public static final String USAGE = "usage: estimate [--nodes 2449029] [--relationships 123718280: as the projection counts them, twice per stored one when undirected] [--features 100]"
        + " [--classes 47] [--imbalance-ratio 1200] [--train-fraction 0.08] [--val-fraction 0.02] [--KEY VALUE: graphsha.train keys, e.g."
        + " --backbone sign --maxSyntheticNodes 100000]";

    /** Machine memories the printed estimate is compared with. */
    private static final List<Long> MACHINES_GIB = List.of(24L, 64L, 256L);

    private EstimateCommand() {}

    public static int run(String[] args, PrintStream out) {
        Map<String, String> flags = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 == args.length) {
                out.println("error: expected --FLAG VALUE pairs, but got `" + args[i] + "`");
                out.println(USAGE);
                return 2;
            }
            flags.put(args[i].substring(2), args[i + 1]);
        }
        try {
            long nodes = Long.parseLong(flags.getOrDefault("nodes", "2449029"));
            long relationships = Long.parseLong(flags.getOrDefault("relationships", "123718280"));
            int features = Integer.parseInt(flags.getOrDefault("features", "100"));
            int classes = Integer.parseInt(flags.getOrDefault("classes", "47"));
            double ratio = Double.parseDouble(flags.getOrDefault("imbalance-ratio", "1200"));
            double trainFraction = Double.parseDouble(flags.getOrDefault("train-fraction", "0.08"));
            double valFraction = Double.parseDouble(flags.getOrDefault("val-fraction", "0.02"));
            List.of("nodes", "relationships", "features", "classes", "imbalance-ratio", "train-fraction", "val-fraction")
                .forEach(flags::remove);
            Map<String, Object> keys = new LinkedHashMap<>();
            flags.forEach((key, value) -> keys.put(key, BenchOptions.typed(value)));
            keys.put("modelName", "estimate");
            TrainConfig config = TrainConfig.of("estimate", keys);
            int[] trainingCounts = ClassSizes.of(Math.toIntExact(Math.round(nodes * trainFraction)), classes, ratio);
            int[] validationCounts = ClassSizes.of(Math.toIntExact(Math.round(nodes * valFraction)), classes, ratio);
            TrainSizing.Estimate estimate = TrainSizing.of(config, nodes, relationships, features, trainingCounts,
                validationCounts);
            EstimateResult result = EstimateResult.of(estimate.memory(), nodes, relationships);
            out.printf(Locale.ROOT, "%,d nodes, %,d relationships, %d features, %d classes (training %,d, largest to "
                + "smallest %.0f : 1), at most %,d synthetic nodes per epoch%n", nodes, relationships, features,
                classes, trainingCounts.length == 0 ? 0 : java.util.Arrays.stream(trainingCounts).sum(), ratio,
                estimate.syntheticNodes());
            out.print(result.treeView());
            for (long gib : MACHINES_GIB) {
                out.printf(Locale.ROOT, "fits %d GiB: %s%n", gib, result.bytesMax() <= (gib << 30) ? "yes" : "no");
            }
            return 0;
        } catch (IllegalArgumentException | ArithmeticException e) {
            out.println("error: " + e.getMessage());
            out.println(USAGE);
            return 1;
        }
    }
}
