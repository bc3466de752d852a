package org.graphsha.synthesis;

import io.soabase.recordbuilder.core.RecordBuilder;

import org.graphsha.diffusion.DiffusionOptions;

/**
 * Every setting of GraphSHA's synthesis, with the reference code's values as defaults
 * (docs/algorithm.md §6): target mean, inbound edges, δ ~ Beta(1, 100), temperature 2, warm-up epochs
 * 0..5, own class excluded from the neighbour class, no ablation, PPR neighbour distribution, confidence
 * hardness.
 *
 * @param target            class size minor classes are filled up to after warm-up
 * @param syntheticEdges    inbound (reference) or bidirectional synthetic edges
 * @param betaA             first Beta shape of δ after warm-up
 * @param betaB             second Beta shape of δ after warm-up
 * @param temperature       softmax temperature of the hardness and confidence weights
 * @param warmupEpochs      epochs with index ≤ this value use the easy warm-up synthesis; -1 for none
 * @param excludeOwnClass   the neighbour class is never the anchor's own (`--no_mask` turns it off)
 * @param ablation          ablation variant, NONE for GraphSHA
 * @param diffusion         the neighbour distribution S̃ used to pick synthetic neighbours
 * @param hardness          how hard anchors and their auxiliaries are found (docs/algorithm.md §10.4)
 * @param maxSyntheticNodes at most this many synthetic nodes per epoch, the classes' counts scaled down alike;
 *                          {@link #NO_LIMIT} for the counts the target asks
 */
@RecordBuilder
public record SynthesisOptions(
    SynthesisTarget target,
    SyntheticEdges syntheticEdges,
    double betaA,
    double betaB,
    double temperature,
    int warmupEpochs,
    boolean excludeOwnClass,
    Ablation ablation,
    DiffusionOptions diffusion,
    Hardness hardness,
    int maxSyntheticNodes
) implements SynthesisOptionsBuilder.With {
    public static final double DEFAULT_BETA_A = 1;
    public static final double DEFAULT_BETA_B = 100;
    public static final double DEFAULT_TEMPERATURE = 2;
    public static final int DEFAULT_WARMUP_EPOCHS = 5;
    /** δ distribution of the warm-up (and easy-sample) mixing, fixed in the reference. */
    public static final double WARMUP_BETA = 2;
    /** Added to every sampling weight (docs/algorithm.md §9). */
    public static final double WEIGHT_FLOOR = 1e-12;
    public static final int NO_LIMIT = Integer.MAX_VALUE;

    public SynthesisOptions {
        if (target == null || syntheticEdges == null || ablation == null || diffusion == null || hardness == null) {
            throw new IllegalArgumentException(
                "synthesis target, syntheticEdges, ablation, diffusion and hardness must be given");
        }
        requirePositive(betaA, "betaA");
        requirePositive(betaB, "betaB");
        requirePositive(temperature, "temperature");
        if (warmupEpochs < -1) {
            throw new IllegalArgumentException("warmupEpochs must be -1 (no warm-up) or more, but was `" + warmupEpochs + "`");
        }
        if (maxSyntheticNodes < 1) {
            throw new IllegalArgumentException("maxSyntheticNodes must be 1 or more, but was `" + maxSyntheticNodes + "`");
        }
    }

    private static void requirePositive(double value, String name) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a positive finite number, but was `" + value + "`");
        }
    }

    public static SynthesisOptions defaults() {
        return new SynthesisOptions(SynthesisTarget.MEAN, SyntheticEdges.INBOUND, DEFAULT_BETA_A, DEFAULT_BETA_B,
            DEFAULT_TEMPERATURE, DEFAULT_WARMUP_EPOCHS, true, Ablation.NONE, DiffusionOptions.defaults(),
            Hardness.CONFIDENCE_RULE, NO_LIMIT);
    }

}
