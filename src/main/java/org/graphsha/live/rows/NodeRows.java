package org.graphsha.live.rows;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Per-node rows of one width kept between calls, keyed by database node id: a stored model's
 * first-layer product X·W of each node it has scored around (docs/procedures.md, graphsha.predict.nodes).
 * A row is only valid while the node's features are unchanged, so writers report changes through
 * {@link #forget}; a reader takes {@link #epoch()} before it reads from the database and adds what it
 * read with that epoch, and the rows are dropped when any change was reported in between. Bounded:
 * past {@code maxFloats} it starts empty again.
 *
 * <p>Rows sit one after the other in one float array, found through an open-addressing table of
 * primitive ids: a call gathers hundreds of rows, and boxed keys in a hash map of this size cost more
 * than the rest of a warm call (measured).
 */
public final class NodeRows {

    private static final long EMPTY = Long.MIN_VALUE;

    private final int width;
    private final long maxFloats;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private long[] keys = newKeys(1024);
    private int[] slots = new int[1024];
    private int size;
    private float[] data = new float[0];
    /** Rows allocated in {@link #data}, freed ones included. */
    private int allocated;
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

    public int size() {
        lock.readLock().lock();
        try {
            return size;
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Bytes the rows and their table take now, freed rows included. */
    public long bytes() {
        lock.readLock().lock();
        try {
            return (long) Float.BYTES * data.length + (long) Long.BYTES * keys.length
                + (long) Integer.BYTES * slots.length;
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Whether the node has a row. */
    public boolean contains(long nodeId) {
        lock.readLock().lock();
        try {
            return find(nodeId) >= 0;
        } finally {
            lock.readLock().unlock();
        }
    }

    /** A copy of the row of a node, or null. */
    public float[] get(long nodeId) {
        lock.readLock().lock();
        try {
            int slot = find(nodeId);
            return slot < 0 ? null : Arrays.copyOfRange(data, slot * width, (slot + 1) * width);
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Copies the row of each node {@code i} with {@code use[i]} to {@code into} at {@code i * width}.
     *
     * @return the positions i without a row (or not to use), ascending
     */
    public int[] gather(long[] nodeIds, java.util.function.IntPredicate use, float[] into) {
        int[] missing = new int[nodeIds.length];
        int count = 0;
        lock.readLock().lock();
        try {
            for (int i = 0; i < nodeIds.length; i++) {
                int slot = use.test(i) ? find(nodeIds[i]) : -1;
                if (slot < 0) {
                    missing[count++] = i;
                } else {
                    System.arraycopy(data, slot * width, into, i * width, width);
                }
            }
        } finally {
            lock.readLock().unlock();
        }
        return Arrays.copyOf(missing, count);
    }

    /**
     * Adds the rows of {@code nodeIds} ({@code rows} holds them one after the other), unless a change
     * was reported since {@code readEpoch}: they may then be older than the change.
     */
    public void putAll(long readEpoch, long[] nodeIds, float[] rows) {
        lock.writeLock().lock();
        try {
            if (readEpoch != epoch) {
                return;
            }
            if ((long) (allocated + nodeIds.length) * width > maxFloats) {
                reset();
            }
            for (int i = 0; i < nodeIds.length; i++) {
                int slot = find(nodeIds[i]);
                if (slot < 0) {
                    if ((long) (allocated + 1) * width > maxFloats) {
                        return;
                    }
                    slot = allocate();
                    insert(nodeIds[i], slot);
                }
                System.arraycopy(rows, i * width, data, slot * width, width);
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Forgets every row (reads in flight are not added). */
    public void clear() {
        lock.writeLock().lock();
        try {
            epoch++;
            reset();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** The nodes changed (features written, removed or the node deleted): their rows go, and reads in flight are not added. */
    public void forget(long[] nodeIds) {
        lock.writeLock().lock();
        try {
            epoch++;
            for (long id : nodeIds) {
                remove(id);
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void reset() {
        keys = newKeys(1024);
        slots = new int[1024];
        size = 0;
        data = new float[0];
        allocated = 0;
    }

    private int allocate() {
        if ((long) (allocated + 1) * width > data.length) {
            long grown = Math.max(16L * width, Math.min(maxFloats, 2L * data.length));
            data = Arrays.copyOf(data, (int) Math.max(grown, (long) (allocated + 1) * width));
        }
        return allocated++;
    }

    private static long[] newKeys(int capacity) {
        long[] k = new long[capacity];
        Arrays.fill(k, EMPTY);
        return k;
    }

    private int index(long id) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & (keys.length - 1);
    }

    private int find(long id) {
        for (int i = index(id); ; i = (i + 1) & (keys.length - 1)) {
            if (keys[i] == id) {
                return slots[i];
            }
            if (keys[i] == EMPTY) {
                return -1;
            }
        }
    }

    private void insert(long id, int slot) {
        if (2 * (size + 1) > keys.length) {
            long[] oldKeys = keys;
            int[] oldSlots = slots;
            keys = newKeys(oldKeys.length * 2);
            slots = new int[oldKeys.length * 2];
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != EMPTY) {
                    place(oldKeys[i], oldSlots[i]);
                }
            }
        }
        place(id, slot);
        size++;
    }

    private void place(long id, int slot) {
        int i = index(id);
        while (keys[i] != EMPTY) {
            i = (i + 1) & (keys.length - 1);
        }
        keys[i] = id;
        slots[i] = slot;
    }

    /** Linear-probing deletion with backward shift, so that no tombstone slows later lookups; the row's space stays used. */
    private void remove(long id) {
        int mask = keys.length - 1;
        int i = index(id);
        while (keys[i] != id) {
            if (keys[i] == EMPTY) {
                return;
            }
            i = (i + 1) & mask;
        }
        size--;
        int gap = i;
        for (int j = (gap + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int home = index(keys[j]);
            // Move j into the gap when its home is not cyclically within (gap, j].
            if (((j - home) & mask) >= ((j - gap) & mask)) {
                keys[gap] = keys[j];
                slots[gap] = slots[j];
                gap = j;
            }
        }
        keys[gap] = EMPTY;
    }
}
