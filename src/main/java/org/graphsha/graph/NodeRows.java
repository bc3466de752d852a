package org.graphsha.graph;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-node rows of one width kept between calls, keyed by database node id: a stored model's
 * first-layer product X·W of each node it has scored around (docs/procedures.md, graphsha.predict.nodes).
 * A row is only valid while the node's features are unchanged, so writers report changes through
 * {@link #forget}; a reader takes {@link #epoch()} before it reads from the database and adds what it
 * read with that epoch, and the rows are dropped when any change was reported in between. Bounded:
 * past {@code maxFloats} it starts empty again.
 */
public final class NodeRows {

    private final int width;
    private final long maxFloats;
    private final ConcurrentHashMap<Long, float[]> rows = new ConcurrentHashMap<>();
    private volatile long epoch;

    public NodeRows(int width, long maxFloats) {
        this.width = width;
        this.maxFloats = maxFloats;
    }

    public int width() {
        return width;
    }

    public long epoch() {
        return epoch;
    }

    /** The row of a node, or null; never modify it. */
    public float[] get(long nodeId) {
        return rows.get(nodeId);
    }

    public int size() {
        return rows.size();
    }

    /**
     * Adds the rows of {@code nodeIds} ({@code data} holds them one after the other), unless a change
     * was reported since {@code readEpoch}: they may then be older than the change.
     */
    public synchronized void putAll(long readEpoch, long[] nodeIds, float[] data) {
        if (readEpoch != epoch) {
            return;
        }
        if ((long) (rows.size() + nodeIds.length) * width > maxFloats) {
            rows.clear();
        }
        for (int i = 0; i < nodeIds.length; i++) {
            rows.put(nodeIds[i], Arrays.copyOfRange(data, i * width, (i + 1) * width));
        }
    }

    /** Forgets every row (reads in flight are not added). */
    public synchronized void clear() {
        epoch++;
        rows.clear();
    }

    /** The nodes changed (features written, removed or the node deleted): their rows go, and reads in flight are not added. */
    public synchronized void forget(long[] nodeIds) {
        epoch++;
        for (long id : nodeIds) {
            rows.remove(id);
        }
    }
}
