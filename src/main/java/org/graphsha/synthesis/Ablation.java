package org.graphsha.synthesis;

import java.util.Locale;

/**
 * The synthesis variants of the paper's ablation (docs/algorithm.md §7.5). The "unweighted 1-hop",
 * "HK" and "PPR" rows are full GraphSHA with diffusion none, heat and ppr respectively.
 */
public enum Ablation {
    /** Full GraphSHA. */
    NONE,
    /**
     * "+easy samples": every epoch synthesises as the warm-up does (uniform anchors, partners from
     * any class, δ ~ Beta(2,2), all anchor edges copied), with the configured target after warm-up.
     * The paper does not spell this variant out; this is the closest reading of its code.
     */
    EASY_SAMPLES,
    /**
     * "+harder samples w/o SemiMixup": hard anchors and auxiliaries as in GraphSHA, but the synthetic
     * node's neighbours come from the auxiliary's row of S̃ (capped by the auxiliary's degree),
     * so its edges mix into the neighbour class instead of the anchor's subgraph.
     */
    HARD_WITHOUT_SEMIMIXUP;

    public String value() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
