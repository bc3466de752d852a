package org.graphsha.diffusion;

import java.util.Locale;

/** The operator that spreads an anchor's neighbourhood (docs/algorithm.md §4.1, `--gdc`). */
public enum DiffusionKind {
    /** Personalised PageRank, top-K per column: GraphSHA's default. */
    PPR,
    /** Heat kernel exp(-t(I-H)), entries below a clip threshold dropped: the HK ablation. */
    HEAT,
    /** Plain 1-hop neighbours with equal weights: the "unweighted 1-hop" ablation. */
    NONE;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
