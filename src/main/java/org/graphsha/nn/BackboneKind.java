package org.graphsha.nn;

import java.util.Locale;

/** The three encoders of docs/algorithm.md §2. */
public enum BackboneKind {
    GCN, GAT, SAGE;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Whether a layer passes a node's own features on through a weight of their own (SAGE's W_r·h_i) rather than
     * averaging them in with its neighbours' (GCN's self-loop, GAT's attention over the self-loop and in-edges).
     */
    public boolean hasRootWeight() {
        return this == SAGE;
    }

}
