package org.graphsha.method.selection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

class StratifiedFoldsTest {

    /** Training nodes per class: 30, 7, 3, 2 and 1; every fifth node is not a training node. */
    private static final int[] SIZES = {30, 7, 3, 2, 1};

    private static int[] classes;
    private static boolean[] train;

    static {
        int total = Arrays.stream(SIZES).sum();
        classes = new int[total * 5 / 4 + 1];
        train = new boolean[classes.length];
        int[] left = SIZES.clone();
        int c = 0;
        for (int v = 0; v < classes.length; v++) {
            while (c < SIZES.length && left[c] == 0) {
                c++;
            }
            classes[v] = c < SIZES.length ? c : 0;
            if (v % 5 != 4 && c < SIZES.length) {
                train[v] = true;
                left[c]--;
            }
        }
    }

    private static int count(int[] nodes, int c) {
        return (int) Arrays.stream(nodes).filter(v -> classes[v] == c).count();
    }

    @Test
    void aClassWithAtLeastKNodesIsInEveryFoldEvenly() {
        StratifiedFolds folds = StratifiedFolds.assign(train, classes, SIZES.length, 3, 100);
        for (int f = 0; f < 3; f++) {
            int[] held = folds.heldOut(f);
            assertTrue(count(held, 0) == 10, "class 0 (30 nodes) in fold " + f + ": " + count(held, 0));
            int seven = count(held, 1);
            assertTrue(seven == 2 || seven == 3, "class 1 (7 nodes) in fold " + f + ": " + seven);
            assertEquals(1, count(held, 2), "class 2 has exactly 3 nodes for 3 folds");
            for (int v : held) {
                assertTrue(train[v], "only training nodes are held out");
            }
        }
    }

    @Test
    void smallClassesAreHeldOutOnceEachAndASingleNodeNever() {
        StratifiedFolds folds = StratifiedFolds.assign(train, classes, SIZES.length, 3, 7);
        int twoNodeFolds = 0;
        for (int f = 0; f < 3; f++) {
            int[] held = folds.heldOut(f);
            assertTrue(count(held, 3) <= 1, "class 3 (2 nodes) at most once per fold");
            twoNodeFolds += count(held, 3);
            assertEquals(0, count(held, 4), "the only training node of class 4 stays in training");
            boolean[] mask = folds.trainMask(train, f);
            for (int c = 0; c < SIZES.length; c++) {
                int left = 0;
                for (int v = 0; v < mask.length; v++) {
                    left += mask[v] && classes[v] == c ? 1 : 0;
                }
                assertTrue(left >= 1, "fold " + f + " leaves class " + c + " a training node");
            }
        }
        assertEquals(2, twoNodeFolds, "both nodes of class 3 are held out, in different folds");
    }

    @Test
    void everyFoldableNodeIsHeldOutExactlyOnceAndFoldSizesDifferByAtMostOne() {
        StratifiedFolds folds = StratifiedFolds.assign(train, classes, SIZES.length, 4, 3);
        Set<Integer> seen = new HashSet<>();
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int f = 0; f < 4; f++) {
            int[] held = folds.heldOut(f);
            min = Math.min(min, held.length);
            max = Math.max(max, held.length);
            for (int v : held) {
                assertTrue(seen.add(v), "node " + v + " in two folds");
            }
        }
        int trainCount = 0;
        for (boolean b : train) {
            trainCount += b ? 1 : 0;
        }
        assertEquals(trainCount - 1, seen.size(), "all training nodes but the single node of class 4");
        assertTrue(max - min <= 1, "fold sizes " + min + ".." + max);
    }

    @Test
    void theSameSeedGivesTheSameFoldsAndAnotherSeedOthers() {
        StratifiedFolds a = StratifiedFolds.assign(train, classes, SIZES.length, 3, 100);
        StratifiedFolds b = StratifiedFolds.assign(train, classes, SIZES.length, 3, 100);
        StratifiedFolds c = StratifiedFolds.assign(train, classes, SIZES.length, 3, 101);
        boolean differs = false;
        for (int f = 0; f < 3; f++) {
            assertArrayEquals(a.heldOut(f), b.heldOut(f));
            differs |= !Arrays.equals(a.heldOut(f), c.heldOut(f));
        }
        assertTrue(differs, "seed 101 deals other folds than seed 100");
    }

    @Test
    void refusesMoreFoldsThanNodesToHoldOut() {
        boolean[] few = {true, true, true, false};
        int[] fewClasses = {0, 0, 1, 1};
        var error = assertThrows(IllegalArgumentException.class,
            () -> StratifiedFolds.assign(few, fewClasses, 2, 3, 1));
        assertTrue(error.getMessage().contains("validationFolds") && error.getMessage().contains("fewer folds"),
            error.getMessage());
        assertFalse(StratifiedFolds.assign(few, fewClasses, 2, 2, 1).heldOut(1).length == 0);
    }
}
