package org.graphsha.diffusion;

import java.util.Locale;

/** How the adjacency becomes the transition operator that the diffusion iterates. */
public enum Normalization {
    /**
     * H = D̃^{-1/2}(A+I)D̃^{-1/2}: what the reference code (GDC) uses, so it is the default; the
     * resulting PPR matrix is symmetric.
     */
    SYMMETRIC,
    /**
     * T = A·D^{-1} without self loops: the paper's formula, and the operator of GDS personalised
     * PageRank (damping = 1 - alpha), which makes the two cross-checkable.
     */
    RANDOM_WALK;

    public String value() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
