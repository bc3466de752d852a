package org.graphsha.synthesis.ens;

/**
 * GraphENS settings (docs/algorithm.md §5): saliency keep probability k, temperature τ of the neighbour
 * mixing, Beta(b, b) mixing ratio and the number of warm-up epochs (0-based epochs below it use plain
 * mixup with copied anchor edges; the reference counts epochs from 1 and warms up while epoch ≤ warm-up).
 */
public record EnsOptions(double keepProbability, double temperature, double betaShape, int warmupEpochs) {

    public static final double DEFAULT_KEEP_PROBABILITY = 0.01;
    public static final double DEFAULT_TEMPERATURE = 1;
    public static final double DEFAULT_BETA_SHAPE = 2;
    /** GraphENS's own warm-up. */
    public static final int GRAPH_ENS_WARMUP = 1;
    /** The warm-up of TAM's GraphENS runs (the same for TAM's adjustment). */
    public static final int TAM_WARMUP = 5;

    public EnsOptions {
        if (!(keepProbability >= 0 && keepProbability <= 1)) {
            throw new IllegalArgumentException("keepProbability must be in [0, 1], but was " + keepProbability);
        }
        if (!(temperature > 0)) {
            throw new IllegalArgumentException("temperature must be positive, but was " + temperature);
        }
        if (!(betaShape > 0)) {
            throw new IllegalArgumentException("betaShape must be positive, but was " + betaShape);
        }
        if (warmupEpochs < 0) {
            throw new IllegalArgumentException("warmupEpochs must be >= 0, but was " + warmupEpochs);
        }
    }

    public static EnsOptions graphEns() {
        return new EnsOptions(DEFAULT_KEEP_PROBABILITY, DEFAULT_TEMPERATURE, DEFAULT_BETA_SHAPE, GRAPH_ENS_WARMUP);
    }

    /** GraphENS as TAM runs it underneath its adjustment. */
    public static EnsOptions underTam() {
        return new EnsOptions(DEFAULT_KEEP_PROBABILITY, DEFAULT_TEMPERATURE, DEFAULT_BETA_SHAPE, TAM_WARMUP);
    }

    /** K = floor(F·k): how many salient features are drawn per synthetic node. */
    public int salientFeatureCount(int dimension) {
        return (int) Math.floor(dimension * keepProbability);
    }
}
