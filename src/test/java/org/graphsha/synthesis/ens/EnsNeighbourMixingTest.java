package org.graphsha.synthesis.ens;

import org.graphsha.synthesis.ChiSquare;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.sampling.RowNeighbourSampling;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.junit.jupiter.api.Test;

/**
 * A 7-node graph: edges 0-1, 0-2, 3-2, 3-4, 3-5; node 6 is a removed long-tailed node (no edges,
 * no mask). Training nodes 0 (class 0) and 3 (class 1).
 */
class EnsNeighbourMixingTest {

    static GraphSnapshot graph() {
        int[][] adjacency = {{1, 2}, {0}, {0, 3}, {2, 4, 5}, {3}, {3}, {}};
        int[] offsets = new int[adjacency.length + 1];
        int[] neighbours = new int[10];
        int k = 0;
        for (int v = 0; v < adjacency.length; v++) {
            for (int u : adjacency[v]) {
                neighbours[k++] = u;
            }
            offsets[v + 1] = k;
        }
        int[] rows = new int[8];
        for (int v = 0; v < 7; v++) {
            rows[v + 1] = v + 1;
        }
        SparseFeatures x = new SparseFeatures(7, 7, rows, new int[] {0, 1, 2, 3, 4, 5, 6}, new float[] {1, 1, 1, 1, 1, 1, 1});
        boolean[] train = {true, false, false, true, false, false, false};
        boolean[] val = {false, true, true, false, false, false, false};
        boolean[] test = {false, false, false, false, true, true, false};
        return new GraphSnapshot(new Csr(7, offsets, neighbours), x, new int[] {0, 1, 0, 1, 0, 1, 0}, 2, train, val, test);
    }

    @Test
    void predictionsAreSoftmaxOfMeanOverNeighboursAndSelfOverTemperature() {
        EnsNeighbourMixing mixing = new EnsNeighbourMixing(graph());
        float[] z = {0, 0, 3, 0, 0, 3, 1, 0, 3, 0, 0, 0, 9, 9};
        double[] q = mixing.predictions(z, 2, new int[] {0, 3}, 0.5);
        // node 0: mean of z0, z1, z2 = (1, 1) -> uniform
        assertEquals(0.5, q[0], 1e-12);
        assertEquals(0.5, q[1], 1e-12);
        // node 3: mean of z3, z2, z4, z5 = (4/4, 3/4); divided by 0.5: (2, 1.5)
        double p0 = 1 / (1 + Math.exp(-0.5));
        assertEquals(p0, q[2], 1e-12);
        assertEquals(1 - p0, q[3], 1e-12);
        // KL(q0 || q3) = 0.5 ln(0.5/p0) + 0.5 ln(0.5/(1-p0)) > 0, and the reverse direction differs
        double kl = 0.5 * Math.log(0.5 / p0) + 0.5 * Math.log(0.5 / (1 - p0));
        assertEquals(kl, EnsNeighbourMixing.divergence(q, 0, 1, 2), 1e-12);
        assertEquals(0, EnsNeighbourMixing.divergence(q, 0, 0, 2), 0);
    }

    @Test
    void mixtureWeighsAnchorAndPartnerNeighbourhoodsByKl() {
        EnsNeighbourMixing mixing = new EnsNeighbourMixing(graph());
        double kl = Math.log(3); // anchor share 1/(1 + 1/3) = 0.75
        assertEquals(0.75, EnsNeighbourMixing.anchorShare(kl), 1e-12);
        assertEquals(0.5, EnsNeighbourMixing.anchorShare(0), 1e-12);
        NeighbourDistribution rows = mixing.mixtures(new int[] {0, 3}, new int[] {3, 3}, new double[] {kl, 0}, 7);
        // row 0: N(0) = {1, 2} at 1/2 each, N(3) = {2, 4, 5} at 1/3 each
        assertEquals(4, rows.rowLength(0));
        int[] columns = new int[4];
        float[] weights = new float[4];
        for (int i = 0; i < 4; i++) {
            columns[i] = rows.column(rows.rowStart(0) + i);
            weights[i] = rows.weight(rows.rowStart(0) + i);
        }
        assertArrayEquals(new int[] {1, 2, 4, 5}, columns);
        assertArrayEquals(new float[] {0.375f, (float) (0.375 + 0.25 / 3), (float) (0.25 / 3), (float) (0.25 / 3)},
            weights, 1e-6f);
        // row 1: a node mixed with itself keeps its own neighbourhood
        assertEquals(3, rows.rowLength(1));
        assertEquals(1f / 3, rows.weight(1, 2), 1e-6f);
    }

    @Test
    void neighboursAreDrawnFromTheMixture() {
        EnsNeighbourMixing mixing = new EnsNeighbourMixing(graph());
        NeighbourDistribution rows = mixing.mixtures(new int[] {0}, new int[] {3}, new double[] {Math.log(3)}, 7);
        RowNeighbourSampling sampling = new RowNeighbourSampling(rows, SynthesisOptions.WEIGHT_FLOOR);
        RandomGenerator random = new SplittableRandom(3);
        long[] counts = new long[7];
        for (int i = 0; i < 60_000; i++) {
            counts[sampling.draw(0, 1, random)[0]]++;
        }
        double[] p = {0, 0.375, 0.375 + 0.25 / 3, 0, 0.25 / 3, 0.25 / 3, 0};
        double statistic = ChiSquare.statistic(counts, p);
        assertTrue(statistic < ChiSquare.critical999(3), "chi-square " + statistic);
        int[] two = sampling.draw(0, 3, random);
        assertEquals(3, Arrays.stream(two).distinct().count(), "neighbours are distinct");
    }

    @Test
    void degreesComeFromKeptNodesAndAreCappedByTheAnchor() {
        EnsNeighbourMixing mixing = new EnsNeighbourMixing(graph());
        assertEquals(3, mixing.degree(3));
        RandomGenerator random = new SplittableRandom(9);
        long[] counts = new long[4];
        int[] anchors = new int[60_000];
        Arrays.fill(anchors, 3);
        for (int d : mixing.degrees(anchors, random)) {
            counts[d]++;
        }
        // kept nodes 0..5 have degrees 2, 1, 2, 3, 1, 1; the removed node 6 (degree 0) is left out
        double[] p = {0, 3 / 6.0, 2 / 6.0, 1 / 6.0};
        assertEquals(0, counts[0], "a removed node's degree 0 is never drawn");
        double statistic = ChiSquare.statistic(counts, p);
        assertTrue(statistic < ChiSquare.critical999(2), "chi-square " + statistic);
        Arrays.fill(anchors, 1);
        for (int d : mixing.degrees(anchors, random)) {
            assertEquals(1, d, "capped at the anchor's degree 1");
        }
    }
}
