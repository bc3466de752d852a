package org.graphsha.tools.generate;

/**
 * A graph shaped like a fraud or abuse database rather than a citation benchmark: a few classes whose
 * sizes fall geometrically from a large "normal" class to a rare one, labels on a small random share of
 * every class (so the rarest class has about {@code rarestLabels} of them and the label counts keep the
 * population's ratio), no split property, and dense numeric features around a class centre.
 */
public record UserGraphSettings(int nodes, int classes, double classRatio, int rarestLabels, double homophily,
                                double averageDegree, int features, double featureSignal, long seed) {

    /** The bench flags that set these, each with the {@code user-} prefix. */
    public static final String FLAGS = "--user-nodes, --user-classes, --user-class-ratio, --user-rarest-labels, "
        + "--user-homophily, --user-degree, --user-features, --user-signal, --user-seed";

    /** The class values a database would hold, largest class first. */
    static final String[] CLASS_NAMES = {"normal", "suspicious", "fraud", "mule", "abuse"};

    public static UserGraphSettings defaults() {
        return new UserGraphSettings(5_000, 4, 50, 10, 0.7, 8, 16, 0.5, 7);
    }

    /** Reads the {@code --user-*} flags; every value is checked, also against the others. */
    public static UserGraphSettings parse(Flags flags) {
        UserGraphSettings d = defaults();
        int nodes = flags.intInRange("user-nodes", d.nodes, 100, 10_000_000);
        int classes = flags.intInRange("user-classes", d.classes, 2, CLASS_NAMES.length);
        double ratio = flags.number("user-class-ratio", d.classRatio, 1, 1e4, false);
        int rarest = flags.intInRange("user-rarest-labels", d.rarestLabels, 2, 1_000_000);
        double homophily = flags.number("user-homophily", d.homophily, 0, 1, false);
        double degree = flags.number("user-degree", d.averageDegree, 0, 1000, true);
        int features = flags.intInRange("user-features", d.features, 1, 4096);
        double signal = flags.number("user-signal", d.featureSignal, 0, 100, false);
        long seed = flags.longInRange("user-seed", d.seed, 0, Long.MAX_VALUE);
        UserGraphSettings settings = new UserGraphSettings(nodes, classes, ratio, rarest, homophily, degree, features,
            signal, seed);
        int smallest = ClassSizes.of(nodes, classes, ratio)[classes - 1];
        if (rarest > smallest) {
            throw new IllegalArgumentException("--user-rarest-labels " + rarest + " is more than the rarest class has "
                + "nodes (" + smallest + " of --user-nodes " + nodes + " with --user-class-ratio " + ratio + "): "
                + "lower it or raise --user-nodes");
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
