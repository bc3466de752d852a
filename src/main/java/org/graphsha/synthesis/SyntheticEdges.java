package org.graphsha.synthesis;

import java.util.Locale;

/** Direction of a synthetic node's edges (docs/algorithm.md §8.1). */
public enum SyntheticEdges {
    /** neighbour -> synthetic only: the reference code; synthetic nodes change no original node. */
    INBOUND,
    /** both directions: the paper's narrative of passing the synthetic feature into the minor class. */
    BIDIRECTIONAL;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
