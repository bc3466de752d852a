package org.graphsha.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HoldoutTest {

    /** 50 nodes of class 0, 10 of class 1, 2 of class 2, 3 of class 3, and 5 unlabeled. */
    private static int[] classes() {
        int[] classes = new int[70];
        for (int i = 0; i < classes.length; i++) {
            classes[i] = i < 50 ? 0 : i < 60 ? 1 : i < 62 ? 2 : i < 65 ? 3 : -1;
        }
        return classes;
    }

    private static int count(SplitRole[] roles, int[] classes, int c, SplitRole role) {
        int n = 0;
        for (int i = 0; i < roles.length; i++) {
            n += roles[i] == role && classes[i] == c ? 1 : 0;
        }
        return n;
    }

    @Test
    void holdsOutTestAndValidationPerClassAndKeepsATrainingNode() {
        int[] classes = classes();
        SplitRole[] roles = Holdout.stratified(classes, 4, 0.2, 0.2, 3, 7);
        assertEquals(10, count(roles, classes, 0, SplitRole.TEST));
        assertEquals(10, count(roles, classes, 0, SplitRole.VAL));
        assertEquals(30, count(roles, classes, 0, SplitRole.TRAIN));
        assertEquals(2, count(roles, classes, 1, SplitRole.TEST));
        // Too small to test: one trains, one validates.
        assertEquals(0, count(roles, classes, 2, SplitRole.TEST));
        assertEquals(1, count(roles, classes, 2, SplitRole.TRAIN));
        // Three nodes: one of each.
        assertEquals(1, count(roles, classes, 3, SplitRole.TEST));
        assertEquals(1, count(roles, classes, 3, SplitRole.VAL));
        for (int i = 65; i < 70; i++) {
            assertEquals(SplitRole.NONE, roles[i]);
        }
    }

    @Test
    void withoutTestFractionTheDrawIsTheValidationOnlyHoldout() {
        int[] classes = classes();
        SplitRole[] roles = Holdout.stratified(classes, 4, 0.2, 0, 3, 7);
        assertArrayEquals(Holdout.stratified(classes, 4, 0.2, 7), roles);
        for (SplitRole role : roles) {
            assertTrue(role != SplitRole.TEST);
        }
    }

    @Test
    void anotherMembersValidationKeepsTheTestNodes() {
        int[] classes = classes();
        SplitRole[] call = Holdout.stratified(classes, 4, 0.2, 0.2, 3, 7);
        SplitRole[] member = Holdout.withValidation(classes, 4, call, 0.2, 8);
        boolean differs = false;
        for (int i = 0; i < classes.length; i++) {
            assertEquals(call[i] == SplitRole.TEST, member[i] == SplitRole.TEST, "node " + i);
            differs |= call[i] != member[i];
        }
        assertTrue(differs, "another seed should draw other validation nodes");
        assertEquals(10, count(member, classes, 0, SplitRole.VAL));
    }

    @Test
    void refusesFractionsThatLeaveNothingToTrainOn() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> Holdout.stratified(classes(), 4, 0.5, 0.5, 3, 7));
        assertTrue(error.getMessage().contains("`testFraction`"), error.getMessage());
    }
}
