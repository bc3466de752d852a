package org.graphsha.synthesis.graphsha;

import org.graphsha.synthesis.Hardness;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LatentNeighboursTest {

    /** Points on a line: x = 0, 1, 2 | 10, 11, 12.5 with classes 0, 0, 1 | 1, 1, 0. */
    private static LatentNeighbours line(int k) {
        double[][] points = {{0}, {1}, {2}, {10}, {11}, {12.5}};
        return new LatentNeighbours(points, new int[] {0, 0, 1, 1, 1, 0}, k);
    }

    @Test
    void hardnessIsTheShareOfOtherClassesAmongTheKNearest() {
        LatentNeighbours latent = line(2);
        // worked by hand (squared distances in brackets):
        // 0: 1 (1), 2 (4)        -> classes 0, 1 -> 1/2
        // 1: 0 (1), 2 (1), a tie -> classes 0, 1 -> 1/2
        // 2: 1 (1), 0 (4)        -> classes 0, 0 -> 1 (node 2 is class 1)
        // 3: 4 (1), 5 (6.25)     -> classes 1, 0 -> 1/2
        // 4: 3 (1), 5 (2.25)     -> classes 1, 0 -> 1/2
        // 5: 4 (2.25), 3 (6.25)  -> classes 1, 1 -> 1 (node 5 is class 0)
        assertArrayEquals(new int[] {1, 2}, latent.of(0));
        assertArrayEquals(new int[] {0, 2}, latent.of(1));
        assertArrayEquals(new int[] {1, 0}, latent.of(2));
        assertArrayEquals(new int[] {4, 5}, latent.of(3));
        assertArrayEquals(new int[] {3, 5}, latent.of(4));
        assertArrayEquals(new int[] {4, 3}, latent.of(5));
        double[] expected = {0.5, 0.5, 1, 0.5, 0.5, 1};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], latent.hardness(i), 0, "node " + i);
        }
        assertEquals(1, line(1).hardness(2));
        assertEquals(0, line(1).hardness(3));
    }

    @Test
    void equalDistancesGoToTheSmallerPosition() {
        // the centre (0) and four points at distance 1 around it
        double[][] points = {{0, 0}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        LatentNeighbours latent = new LatentNeighbours(points, new int[] {0, 1, 1, 1, 1}, 2);
        assertArrayEquals(new int[] {1, 2}, latent.of(0));
        // from (0, -1): the centre at 1, then (1, 0) and (-1, 0) at 2 each, then (0, 1) at 4
        assertArrayEquals(new int[] {0, 2}, latent.of(3));
        assertArrayEquals(new int[] {0, 2, 4, 1}, new LatentNeighbours(points, new int[5], 10).of(3));
        // every point at the same place: the k smallest positions other than the point itself
        double[][] same = {{3}, {3}, {3}, {3}, {3}};
        assertArrayEquals(new int[] {0, 1, 3}, new LatentNeighbours(same, new int[5], 3).of(2));
    }

    @Test
    void aClassOfAtMostKNodesIsAlwaysPartlyHard() {
        // class 1 has 2 nodes, k = 3: at most one of a class-1 node's 3 neighbours shares its class,
        // so its hardness is at least (k - (n_c - 1)) / k = 2/3 even in a tight cluster of its own
        double[][] points = {{0}, {0.1}, {5}, {6}, {7}, {8}};
        LatentNeighbours latent = new LatentNeighbours(points, new int[] {1, 1, 0, 0, 0, 0}, 3);
        assertEquals(2.0 / 3, latent.hardness(0), 1e-12);
        assertEquals(2.0 / 3, latent.hardness(1), 1e-12);
        assertEquals(0, latent.hardness(4));
    }

    @Test
    void fewerPointsThanKGiveEveryOtherPoint() {
        LatentNeighbours latent = new LatentNeighbours(new double[][] {{0}, {2}, {1}}, new int[] {0, 1, 1}, 10);
        assertEquals(2, latent.k());
        assertArrayEquals(new int[] {2, 1}, latent.of(0));
        assertEquals(1, latent.hardness(0));
        assertEquals(0.5, latent.hardness(1));
        LatentNeighbours alone = new LatentNeighbours(new double[][] {{0}}, new int[] {0}, 3);
        assertArrayEquals(new int[0], alone.of(0));
        assertEquals(0, alone.hardness(0));
        assertEquals(-1, alone.nearestOfOtherClass(0));
    }

    @Test
    void nearestOfAnotherClassLooksBeyondTheK() {
        LatentNeighbours latent = line(1);
        assertEquals(1, latent.nearestOfOtherClass(2));
        assertEquals(5, latent.nearestOfOtherClass(4));
        // node 3's nearest class-0 node is 5 (6.25) before 1 (81)
        assertEquals(5, latent.nearestOfOtherClass(3));
    }

    @Test
    void centredRowsDropAConstantAddedToARow() {
        float[] logits = {1, 2, 3, 11, 12, 13, 0, 0, 6};
        double[][] rows = LatentNeighbours.centredRows(logits, new int[] {0, 1, 2}, 3);
        assertArrayEquals(new double[] {-1, 0, 1}, rows[0], 1e-12);
        assertArrayEquals(new double[] {-1, 0, 1}, rows[1], 1e-12);
        assertArrayEquals(new double[] {-2, -2, 4}, rows[2], 1e-12);
        assertArrayEquals(new double[] {-2, -2, 4}, LatentNeighbours.centredRows(logits, new int[] {2}, 3)[0], 1e-12);
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new LatentNeighbours(new double[2][1], new int[3], 1));
        assertThrows(IllegalArgumentException.class, () -> new LatentNeighbours(new double[2][1], new int[2], 0));
        assertThrows(IllegalArgumentException.class, () -> new Hardness(Hardness.Kind.KNN, 0));
        var error = assertThrows(IllegalArgumentException.class,
            () -> Hardness.knn(10).requireSupported(Hardness.MAX_TRAINING_NODES + 1));
        assertEquals(true, error.getMessage().contains("hardness: 'confidence'"), error.getMessage());
        Hardness.knn(10).requireSupported(Hardness.MAX_TRAINING_NODES);
        Hardness.CONFIDENCE_RULE.requireSupported(Hardness.MAX_TRAINING_NODES + 1);
    }
}
