package org.graphsha.tools.generate;

/**
 * A graph shaped like a fraud or abuse database rather than a citation benchmark: a few classes whose
 * sizes fall geometrically from a large "normal" class to a rare one, labels on a small random share of
 * every class (so the rarest class has about {@code rarestLabels} of them and the label counts keep the
 * population's ratio), no split property, and dense numeric features around a class centre.
 *
 * <p>{@code --user-shape fraud} is the binary shape ({@link FraudGraph}): normal accounts and a few percent of
 * positives ({@code --user-positive-rate}), positives in rings of {@code --user-ring-size}, homophily as the share
 * of a positive's edges that lead to positives, and scalar features in raw units.
 *
 * @param fraud    the binary fraud shape
 * @param ringSize positives per ring in the fraud shape (0 in the class shape)
 */
public record UserGraphSettings(int nodes, int classes, double classRatio, int rarestLabels, double homophily,
                                double averageDegree, int features, double featureSignal, long seed, boolean fraud,
                                int ringSize) {

    /** The bench flags that set these, each with the {@code user-} prefix. */
    public static final String FLAGS = "--user-shape classes|fraud, --user-nodes, --user-classes, --user-class-ratio, "
        + "--user-positive-rate (fraud), --user-ring-size (fraud), --user-rarest-labels, --user-homophily, "
        + "--user-degree, --user-features, --user-signal, --user-seed";

    /** The class values a database would hold, largest class first. */
    static final String[] CLASS_NAMES = {"normal", "suspicious", "fraud", "mule", "abuse"};

    public static UserGraphSettings defaults() {
        return new UserGraphSettings(5_000, 4, 50, 10, 0.7, 8, 16, 0.5, 7, false, 0);
    }

    /** The fraud shape's defaults: 2 % positives, 12 of them labeled, rings of 6, homophily 0.5, 8 raw properties. */
    public static UserGraphSettings fraudDefaults() {
        return new UserGraphSettings(5_000, 2, 49, 12, 0.5, 8, 8, 0.5, 7, true, 6);
    }

    /** Reads the {@code --user-*} flags; every value is checked, also against the others. */
    public static UserGraphSettings parse(Flags flags) {
        String shape = flags.string("user-shape", "classes");
        boolean fraud = switch (shape) {
            case "classes" -> false;
            case "fraud" -> true;
            default -> throw new IllegalArgumentException("--user-shape must be classes or fraud, but was `" + shape
                + "`");
        };
        UserGraphSettings d = fraud ? fraudDefaults() : defaults();
        int nodes = flags.intInRange("user-nodes", d.nodes, 100, 10_000_000);
        int classes = d.classes;
        double ratio = d.classRatio;
        int ringSize = 0;
        if (fraud) {
            flags.refuse("--user-classes, --user-class-ratio", "sets the class shape; the fraud shape has 2 classes "
                + "and takes --user-positive-rate");
            double rate = flags.number("user-positive-rate", 0.02, 0, 0.5, true);
            ratio = (1 - rate) / rate;
            ringSize = flags.intInRange("user-ring-size", d.ringSize, 2, 1000);
        } else {
            flags.refuse("--user-positive-rate, --user-ring-size", "goes with --user-shape fraud");
            classes = flags.intInRange("user-classes", d.classes, 2, CLASS_NAMES.length);
            ratio = flags.number("user-class-ratio", d.classRatio, 1, 1e4, false);
        }
        int rarest = flags.intInRange("user-rarest-labels", d.rarestLabels, 2, 1_000_000);
        double homophily = flags.number("user-homophily", d.homophily, 0, 1, false);
        double degree = flags.number("user-degree", d.averageDegree, 0, 1000, true);
        int features = flags.intInRange("user-features", d.features, 1, 4096);
        double signal = flags.number("user-signal", d.featureSignal, 0, 100, false);
        long seed = flags.longInRange("user-seed", d.seed, 0, Long.MAX_VALUE);
        UserGraphSettings settings = new UserGraphSettings(nodes, classes, ratio, rarest, homophily, degree, features,
            signal, seed, fraud, ringSize);
        int smallest = ClassSizes.of(nodes, classes, ratio)[classes - 1];
        if (rarest > smallest) {
            throw new IllegalArgumentException("--user-rarest-labels " + rarest + " is more than the rarest class has "
                + "nodes (" + smallest + " of --user-nodes " + nodes + " with --user-class-ratio " + ratio + "): "
                + "lower it or raise --user-nodes" + (fraud ? " or --user-positive-rate" : ""));
        }
        return settings;
    }

    /** The generator's settings for the same nodes, classes and edges (its split fractions are not used). */
    GeneratorSettings graph() {
        long edges = Math.round(nodes * averageDegree / 2);
        return new GeneratorSettings(nodes, Math.max(1, edges), features, classes, classRatio, homophily, 2.5,
            featureSignal, 0.5, 0.25, seed);
    }

    /** The share of every class that carries a label. */
    double labeledShare() {
        return (double) rarestLabels / ClassSizes.of(nodes, classes, classRatio)[classes - 1];
    }
}
