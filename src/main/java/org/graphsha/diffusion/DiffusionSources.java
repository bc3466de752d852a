package org.graphsha.diffusion;

import java.util.Locale;

/** Whose diffusion columns make the rows of S̃ that synthesis reads (docs/algorithm.md §4.1). */
public enum DiffusionSources {
    /**
     * Every node's column, each cut to its top K and normalised, then read by rows: GraphSHA's S̃ exactly. Costs one
     * column per node, however few rows are read.
     */
    ALL,
    /**
     * One column per row read, from that row's own node: its top K, normalised to sum 1, is the row. For the
     * symmetric operator a node's column of S is its row, so this is S's row cut to its own top K rather than the
     * entries of the columns whose top K hold the node. Costs one column per row read.
     */
    ANCHORS;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
