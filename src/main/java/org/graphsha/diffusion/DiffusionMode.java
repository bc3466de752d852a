package org.graphsha.diffusion;

import java.util.Locale;

/** How the diffusion columns are computed. */
public enum DiffusionMode {
    /** Dense float64 solve (PPR) or a fully converged series (heat): N x N memory, small graphs only. */
    EXACT,
    /** Per-source local computation with an explicit error bound: O(K·N) memory. */
    SCALABLE,
    /** EXACT up to {@link DiffusionOptions#exactNodeLimit()} nodes, SCALABLE above. */
    AUTO;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
