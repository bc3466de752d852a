package org.graphsha.training.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SelectionWindowTest {

    @Test
    void autoSmoothsOnlyWhenSomeClassHasFewerThanTenValidationNodes() {
        // The user-shaped graph's holdout: 2 validation nodes in its rarest class.
        assertEquals(25, SelectionWindow.AUTO.resolve(new int[] {100, 27, 7, 2}));
        assertEquals(25, SelectionWindow.AUTO.resolve(new int[] {100, 9}));
        assertEquals(25, SelectionWindow.AUTO.resolve(new int[] {100, 0}));
        // Cora-LT and CiteSeer-LT validate on 29 or more nodes per class: the reference rule stays.
        assertEquals(1, SelectionWindow.AUTO.resolve(new int[] {61, 36, 78, 158, 81, 57, 29}));
        assertEquals(1, SelectionWindow.AUTO.resolve(new int[] {10, 10}));
    }

    @Test
    void aFixedWindowIgnoresTheValidationSizes() {
        assertEquals(7, SelectionWindow.fixed(7).resolve(new int[] {2}));
        assertEquals(1, SelectionWindow.SINGLE_EPOCH.resolve(new int[] {0, 1}));
    }

    @Test
    void aWindowBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SelectionWindow.fixed(0));
    }
}
