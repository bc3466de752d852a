package org.graphsha.tools.generate;

import java.util.SplittableRandom;
import java.util.function.DoubleConsumer;

/**
 * A degree-corrected stochastic block model. Every node gets a power-law weight theta (Pareto with
 * the degree exponent, capped so one hub cannot take a visible share of all edges); an edge picks
 * its first end with probability proportional to theta, and its second end, with probability
 * {@code homophily}, in the first end's class, otherwise in any other class, again by theta. The
 * expected share of same-class edges (edge homophily) is therefore the requested value. Self loops
 * and repeated pairs (either direction) are redrawn, so the edge count is exact.
 */
public final class GraphGenerator {

    /** Largest weight relative to the smallest: keeps the biggest hub near arXiv's (~13k citations). */
    static final double MAX_WEIGHT = 1000;

    private GraphGenerator() {}

    public static GeneratedGraph generate(GeneratorSettings s, DoubleConsumer progress) {
        SplittableRandom random = new SplittableRandom(s.seed());
        int n = s.nodes();
        int[] sizes = ClassSizes.of(n, s.classes(), s.imbalanceRatio());
        int[] classes = shuffledClasses(sizes, n, random);
        double[] theta = new double[n];
        for (int i = 0; i < n; i++) {
            theta[i] = Math.min(MAX_WEIGHT, Math.pow(1 - random.nextDouble(), -1 / (s.degreeExponent() - 1)));
        }
        int[][] members = members(classes, sizes);
        AliasTable all = new AliasTable(theta);
        AliasTable[] perClass = new AliasTable[sizes.length];
        for (int c = 0; c < sizes.length; c++) {
            double[] weights = new double[sizes[c]];
            for (int k = 0; k < weights.length; k++) {
                weights[k] = theta[members[c][k]];
            }
            perClass[c] = new AliasTable(weights);
        }
        int m = Math.toIntExact(s.edges());
        int[] sources = new int[m];
        int[] targets = new int[m];
        PairSet seen = new PairSet(m);
        int step = Math.max(1, m / 200);
        long attemptsLeft = 50L * m + 1000;
        for (int e = 0; e < m; ) {
            if (attemptsLeft-- == 0) {
                throw new IllegalArgumentException("could not place " + m + " distinct edges among " + n
                    + " nodes with --homophily " + s.homophily() + " (too many repeated pairs); "
                    + "raise --nodes, lower --edges or lower --homophily");
            }
            int u = all.sample(random);
            int c = classes[u];
            int v;
            if (random.nextDouble() < s.homophily()) {
                v = members[c][perClass[c].sample(random)];
            } else {
                v = otherClassNode(all, classes, c, random);
            }
            if (u == v || !seen.add(u, v)) {
                continue;
            }
            sources[e] = Math.max(u, v);
            targets[e] = Math.min(u, v);
            e++;
            if (e % step == 0) {
                progress.accept((double) e / m);
            }
        }
        int[] years = TimeSplit.years(classes, sizes, s.trainFraction(), s.valFraction());
        ClassFeatures features = new ClassFeatures(s.classes(), s.features(), s.featureSignal(), s.seed());
        return new GeneratedGraph(s, classes, sizes, years, sources, targets, features);
    }

    /** Classes with exactly {@code sizes[c]} nodes each, in a seeded random order over the node ids. */
    private static int[] shuffledClasses(int[] sizes, int n, SplittableRandom random) {
        int[] classes = new int[n];
        int i = 0;
        for (int c = 0; c < sizes.length; c++) {
            for (int k = 0; k < sizes[c]; k++) {
                classes[i++] = c;
            }
        }
        for (int j = n - 1; j > 0; j--) {
            int other = random.nextInt(j + 1);
            int swap = classes[j];
            classes[j] = classes[other];
            classes[other] = swap;
        }
        return classes;
    }

    private static int[][] members(int[] classes, int[] sizes) {
        int[][] members = new int[sizes.length][];
        int[] filled = new int[sizes.length];
        for (int c = 0; c < sizes.length; c++) {
            members[c] = new int[sizes[c]];
        }
        for (int i = 0; i < classes.length; i++) {
            members[classes[i]][filled[classes[i]]++] = i;
        }
        return members;
    }

    /**
     * A theta-weighted node outside class {@code c}. Redrawing from the global table is cheap while
     * {@code c} holds a modest share of the weight; after many misses (a class that holds nearly all
     * of it) a uniform scan for another class's node keeps the draw finite.
     */
    private static int otherClassNode(AliasTable all, int[] classes, int c, SplittableRandom random) {
        for (int attempt = 0; attempt < 64; attempt++) {
            int v = all.sample(random);
            if (classes[v] != c) {
                return v;
            }
        }
        int start = random.nextInt(classes.length);
        for (int k = 0; k < classes.length; k++) {
            int v = (start + k) % classes.length;
            if (classes[v] != c) {
                return v;
            }
        }
        throw new IllegalStateException("every node is in class " + c);
    }
}
