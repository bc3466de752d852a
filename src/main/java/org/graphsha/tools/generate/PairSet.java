package org.graphsha.tools.generate;

import java.util.Arrays;

/**
 * Unordered node pairs seen so far, in an open-addressing table of longs: the edge sampler rejects
 * duplicates and reciprocal pairs, and a boxed HashSet of a million pairs would cost ~10x the memory.
 */
final class PairSet {

    private static final long EMPTY = -1;
    private final long[] slots;
    private final int mask;

    PairSet(long expected) {
        int capacity = Integer.highestOneBit((int) Math.min(1 << 29, Math.max(16, expected * 2))) << 1;
        slots = new long[capacity];
        Arrays.fill(slots, EMPTY);
        mask = capacity - 1;
    }

    /** Adds the pair {a, b}; false when it (or {b, a}) was there already. */
    boolean add(int a, int b) {
        long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
        int i = (int) (mix(key) & mask);
        while (slots[i] != EMPTY) {
            if (slots[i] == key) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = key;
        return true;
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }
}
