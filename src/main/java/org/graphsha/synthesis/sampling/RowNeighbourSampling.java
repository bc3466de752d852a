package org.graphsha.synthesis.sampling;

import java.util.HashSet;
import java.util.random.RandomGenerator;

import org.graphsha.diffusion.NeighbourDistribution;

/**
 * Draws a synthetic node's neighbours: distinct nodes, sequentially without replacement, with
 * weights S̃[row][j] + floor over all N original nodes (docs/algorithm.md §4.4 steps 6-7). The floor
 * (1e-12) makes every node eligible, so a row with fewer positive entries than requested is
 * completed uniformly, as in the reference.
 *
 * <p>Instead of drawing an exponential key for all N nodes per synthetic node, it draws keys only
 * for the row's entries and generates the smallest keys of the remaining nodes (all of weight
 * {@code floor}) directly as exponential order statistics, picking each one's node uniformly among
 * those left. The result has exactly the distribution of the all-node exponential race, at a cost
 * proportional to the row length plus the number drawn.
 */
public final class RowNeighbourSampling {

    private final NeighbourDistribution rows;
    private final double floor;
    private final HashSet<Integer> pickedBackground = new HashSet<>();
    private double[] rowKeys = new double[16];
    private int[] rowOrder = new int[16];

    public RowNeighbourSampling(NeighbourDistribution rows, double floor) {
        if (!(floor > 0)) {
            throw new IllegalArgumentException("the weight floor must be positive, but was " + floor);
        }
        this.rows = rows;
        this.floor = floor;
    }

    /** Up to {@code count} distinct nodes (fewer only when count exceeds N), in draw order. */
    public int[] draw(int row, int count, RandomGenerator random) {
        int n = rows.nodeCount();
        count = Math.min(count, n);
        if (count == 0) {
            return new int[0];
        }
        if (!rows.holdsRow(row)) {
            throw new IllegalStateException("row " + row + " of the neighbour distribution was not computed");
        }
        int start = rows.rowStart(row);
        int length = rows.rowLength(row);
        ensureCapacity(length);
        for (int i = 0; i < length; i++) {
            rowKeys[i] = random.nextExponential() / (rows.weight(start + i) + floor);
        }
        int candidates = smallestRowKeys(length, count);

        int background = n - length;
        int[] chosen = new int[count];
        int taken = 0;
        int nextRow = 0;
        double backgroundKey = Double.POSITIVE_INFINITY;
        int backgroundLeft = background;
        if (backgroundLeft > 0) {
            backgroundKey = random.nextExponential() / (backgroundLeft * floor);
        }
        pickedBackground.clear();
        while (taken < count) {
            boolean fromRow = nextRow < candidates && rowKeys[rowOrder[nextRow]] <= backgroundKey;
            if (fromRow) {
                chosen[taken++] = rows.column(start + rowOrder[nextRow++]);
            } else {
                chosen[taken++] = uniformBackgroundNode(row, start, length, random);
                backgroundLeft--;
                // memorylessness: the next smallest of the remaining keys lies one more exponential gap above
                backgroundKey = backgroundLeft > 0
                    ? backgroundKey + random.nextExponential() / (backgroundLeft * floor)
                    : Double.POSITIVE_INFINITY;
            }
        }
        return chosen;
    }

    /** A node outside the row and not yet picked, uniformly; rejection is cheap because rows are short relative to N. */
    private int uniformBackgroundNode(int row, int start, int length, RandomGenerator random) {
        int n = rows.nodeCount();
        if (length + pickedBackground.size() > n / 2) {
            return enumerateBackgroundNode(start, length, random);
        }
        while (true) {
            int candidate = random.nextInt(n);
            if (!inRow(start, length, candidate) && pickedBackground.add(candidate)) {
                return candidate;
            }
        }
    }

    /** Fallback for tiny graphs where most nodes are in the row: list the free nodes and pick one. */
    private int enumerateBackgroundNode(int start, int length, RandomGenerator random) {
        int n = rows.nodeCount();
        int[] free = new int[n];
        int size = 0;
        for (int v = 0; v < n; v++) {
            if (!inRow(start, length, v) && !pickedBackground.contains(v)) {
                free[size++] = v;
            }
        }
        int node = free[random.nextInt(size)];
        pickedBackground.add(node);
        return node;
    }

    private boolean inRow(int start, int length, int node) {
        int low = start;
        int high = start + length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int column = rows.column(mid);
            if (column < node) {
                low = mid + 1;
            } else if (column > node) {
                high = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /**
     * Puts the positions of the {@code count} smallest row keys into rowOrder[0..], ascending by
     * key, and returns how many there are. Only those can be drawn from the row, so a bounded
     * max-heap avoids sorting rows that are much longer than the degree drawn.
     */
    private int smallestRowKeys(int length, int count) {
        int size = 0;
        int limit = Math.min(count, length);
        for (int i = 0; i < length; i++) {
            if (size < limit) {
                rowOrder[size] = i;
                siftUp(size++);
            } else if (rowKeys[i] < rowKeys[rowOrder[0]]) {
                rowOrder[0] = i;
                siftDown(0, size);
            }
        }
        // heap-sort in place: repeatedly move the largest to the end
        for (int end = size - 1; end > 0; end--) {
            int top = rowOrder[0];
            rowOrder[0] = rowOrder[end];
            rowOrder[end] = top;
            siftDown(0, end);
        }
        return size;
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (rowKeys[rowOrder[parent]] >= rowKeys[rowOrder[i]]) {
                return;
            }
            swap(parent, i);
            i = parent;
        }
    }

    private void siftDown(int i, int size) {
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) {
                return;
            }
            int right = left + 1;
            int larger = right < size && rowKeys[rowOrder[right]] > rowKeys[rowOrder[left]] ? right : left;
            if (rowKeys[rowOrder[larger]] <= rowKeys[rowOrder[i]]) {
                return;
            }
            swap(i, larger);
            i = larger;
        }
    }

    private void swap(int a, int b) {
        int t = rowOrder[a];
        rowOrder[a] = rowOrder[b];
        rowOrder[b] = t;
    }

    private void ensureCapacity(int length) {
        if (rowKeys.length < length) {
            rowKeys = new double[Math.max(length, rowKeys.length * 2)];
            rowOrder = new int[rowKeys.length];
        }
    }
}
