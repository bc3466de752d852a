package org.graphsha.method.selection;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Stratified k-fold assignment of a run's training nodes (docs/algorithm.md §10.5). Per class, in
 * class order, the class's training nodes (ascending) are shuffled with one generator seeded from the
 * run's seed, then dealt to the folds in turn, continuing from the fold where the previous class
 * stopped so that the folds stay within one node of each other in size. A class with at least k nodes
 * is in every fold; a class with 2..k-1 nodes is in that many folds, one node each; a class with a
 * single training node is held out in no fold, because its fold would then train without the class.
 * Every fold therefore leaves at least one training node of every class.
 */
public final class StratifiedFolds {

    /** Mixed into the run's seed so that the shuffle does not replay the trainer's own stream. */
    private static final long FOLD_SALT = 0x6A09E667F3BCC909L;

    /** Marks a node that is held out in no fold (the only training node of its class). */
    public static final int NEVER = -1;

    private final int k;
    private final int[] nodes;
    private final int[] foldOf;

    private StratifiedFolds(int k, int[] nodes, int[] foldOf) {
        this.k = k;
        this.nodes = nodes;
        this.foldOf = foldOf;
    }

    /**
     * @param trainMask  the run's training nodes
     * @param classes    class per node (every training node has one in 0..classCount-1)
     * @param k          number of folds, at least 2
     * @param seed       the run's seed; the same seed gives the same folds
     */
    public static StratifiedFolds assign(boolean[] trainMask, int[] classes, int classCount, int k, long seed) {
        if (k < 2) {
            throw new IllegalArgumentException("validationFolds must be at least 2, but was " + k);
        }
        int[][] byClass = new int[classCount][];
        int[] sizes = new int[classCount];
        for (int v = 0; v < trainMask.length; v++) {
            if (trainMask[v]) {
                sizes[classes[v]]++;
            }
        }
        for (int c = 0; c < classCount; c++) {
            byClass[c] = new int[sizes[c]];
        }
        int[] fill = new int[classCount];
        int total = 0;
        for (int v = 0; v < trainMask.length; v++) {
            if (trainMask[v]) {
                byClass[classes[v]][fill[classes[v]]++] = v;
                total++;
            }
        }
        int[] nodes = new int[total];
        int[] foldOf = new int[total];
        SplittableRandom random = new SplittableRandom(seed ^ FOLD_SALT);
        int next = 0;
        int at = 0;
        for (int c = 0; c < classCount; c++) {
            int[] members = byClass[c];
            shuffle(members, random);
            for (int v : members) {
                nodes[at] = v;
                if (members.length < 2) {
                    foldOf[at] = NEVER;
                } else {
                    foldOf[at] = next;
                    next = (next + 1) % k;
                }
                at++;
            }
        }
        StratifiedFolds folds = new StratifiedFolds(k, nodes, foldOf);
        for (int f = 0; f < k; f++) {
            if (folds.heldOut(f).length == 0) {
                throw new IllegalArgumentException("validationFolds: " + k + " is more than the " + folds.foldable()
                    + " training nodes that can be held out (a class's only training node never is); use fewer folds");
            }
        }
        return folds;
    }

    /** Fisher-Yates, so the order depends on the seed alone. */
    private static void shuffle(int[] values, SplittableRandom random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = values[i];
            values[i] = values[j];
            values[j] = swap;
        }
    }

    public int count() {
        return k;
    }

    /** The nodes held out (scored) in fold {@code f}, ascending. */
    public int[] heldOut(int f) {
        int[] out = new int[nodes.length];
        int n = 0;
        for (int i = 0; i < nodes.length; i++) {
            if (foldOf[i] == f) {
                out[n++] = nodes[i];
            }
        }
        int[] held = Arrays.copyOf(out, n);
        Arrays.sort(held);
        return held;
    }

    /** The training mask of fold {@code f}: the run's training nodes less the fold's. */
    public boolean[] trainMask(boolean[] runTrainMask, int f) {
        boolean[] mask = runTrainMask.clone();
        for (int v : heldOut(f)) {
            mask[v] = false;
        }
        return mask;
    }

    private int foldable() {
        int n = 0;
        for (int f : foldOf) {
            n += f == NEVER ? 0 : 1;
        }
        return n;
    }
}
