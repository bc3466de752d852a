package org.graphsha.diffusion;

/** Receives the non-zero entries (node, value) of one diffusion column. */
@FunctionalInterface
public interface ColumnSink {
    void accept(int node, double value);
}
