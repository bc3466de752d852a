package org.graphsha.tools.generate;

/**
 * What {@code ./graphsha generate} builds. The defaults mirror ogbn-arXiv: its node and edge counts,
 * 128 features, 40 classes, the training set's imbalance ratio (~775), edge homophily ~0.65 and the
 * time split's shares (train up to 2017: 53.7 %, val 2018: 17.6 %, test from 2019: 28.7 %).
 * {@code --preset products} starts from ogbn-products instead: 2,449,029 nodes, 61,859,140 undirected
 * edges, 100 dense features, 47 classes, edge homophily ~0.81 and its split shares (8 % train, 2 %
 * validation, 90 % test), with a long tail of 1,200 : 1 from the largest class to the smallest (products itself has at least 1,000 : 1).
 */
public record GeneratorSettings(
    int nodes,
    long edges,
    int features,
    int classes,
    double imbalanceRatio,
    double homophily,
    double degreeExponent,
    double featureSignal,
    double trainFraction,
    double valFraction,
    long seed
) {
    public static final String FLAGS = "--preset, --nodes, --edges, --features, --classes, --imbalance-ratio, --homophily, "
        + "--degree-exponent, --feature-signal, --train-fraction, --val-fraction, --seed";

    public static GeneratorSettings defaults() {
        return new GeneratorSettings(169_343, 1_166_243, 128, 40, 775, 0.65, 2.5, 0.15, 0.537, 0.176, 42);
    }

    public static GeneratorSettings products() {
        return new GeneratorSettings(2_449_029, 61_859_140L, 100, 47, 1200, 0.81, 2.5, 0.15, 0.08, 0.02, 42);
    }

    /** Takes the generator's flags from {@code flags}; every value is checked, also against the others. */
    public static GeneratorSettings parse(Flags flags) {
        String preset = flags.string("preset", "arxiv");
        GeneratorSettings d = switch (preset) {
            case "arxiv" -> defaults();
            case "products" -> products();
            default -> throw new IllegalArgumentException("invalid value `" + preset
                + "` for --preset: expected arxiv or products (the other flags then change single values)");
        };
        int nodes = flags.intInRange("nodes", d.nodes, 2, 50_000_000);
        long edges = flags.longInRange("edges", d.edges, 1, 200_000_000L);
        int features = flags.intInRange("features", d.features, 1, 4096);
        int classes = flags.intInRange("classes", d.classes, 2, 10_000);
        double ratio = flags.number("imbalance-ratio", d.imbalanceRatio, 1, 1e6, false);
        double homophily = flags.number("homophily", d.homophily, 0, 1, false);
        double exponent = flags.number("degree-exponent", d.degreeExponent, 2, 10, true);
        double signal = flags.number("feature-signal", d.featureSignal, 0, 100, false);
        double train = flags.number("train-fraction", d.trainFraction, 0, 1, true);
        double val = flags.number("val-fraction", d.valFraction, 0, 1, false);
        long seed = flags.longInRange("seed", d.seed, 0, Long.MAX_VALUE);
        if (train + val > 1) {
            throw new IllegalArgumentException("--train-fraction " + train + " plus --val-fraction " + val
                + " exceed 1; lower one of them (the rest of the nodes are the test split)");
        }
        long maxEdges = (long) nodes * (nodes - 1) / 4;
        if (edges > maxEdges) {
            throw new IllegalArgumentException("--edges " + edges + " is too many for --nodes " + nodes
                + ": at most a quarter of all node pairs (" + maxEdges + ") keeps the sampling fast; "
                + "lower --edges or raise --nodes");
        }
        GeneratorSettings settings = new GeneratorSettings(nodes, edges, features, classes, ratio, homophily, exponent,
            signal, train, val, seed);
        int smallest = ClassSizes.of(nodes, classes, ratio)[classes - 1];
        if (smallest < 3) {
            throw new IllegalArgumentException("--imbalance-ratio " + ratio + " with --classes " + classes
                + " and --nodes " + nodes + " leaves the smallest class " + smallest + " nodes; it needs at least 3 "
                + "(one per split): raise --nodes or lower --imbalance-ratio");
        }
        return settings;
    }
}
