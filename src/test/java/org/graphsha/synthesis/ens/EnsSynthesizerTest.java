package org.graphsha.synthesis.ens;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import org.graphsha.data.KnownDataset;
import org.graphsha.graph.Csr;
import org.graphsha.graph.FeatureCorrection;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.synthesis.ChiSquare;
import org.graphsha.tools.bench.BenchDatasets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EnsSynthesizerTest {

    private static GraphSnapshot cora;

    @BeforeAll
    static void load() {
        cora = BenchDatasets.load(KnownDataset.CORA, true, null);
    }

    @Test
    void fillsEveryClassUpToTheLargestWithPairsFromTheReferenceDistributions() {
        EnsSynthesizer ens = new EnsSynthesizer(cora, EnsOptions.graphEns());
        // n_c = 34, 7, 158, 341, 73, 15, 3
        assertArrayEquals(new int[] {307, 334, 183, 0, 268, 326, 338}, ens.counts());
        int[] n = {34, 7, 158, 341, 73, 15, 3};
        long[] partnerClasses = new long[7];
        SplittableRandom random = new SplittableRandom(4);
        for (int epoch = 0; epoch < 20; epoch++) {
            SyntheticBatch b = ens.synthesize(0, null, random);
            assertEquals(1756, b.size());
            for (int k = 0; k < b.size(); k++) {
                assertTrue(cora.trainMask()[b.anchors()[k]] && cora.trainMask()[b.auxiliaries()[k]]);
                assertEquals(cora.classes()[b.anchors()[k]], b.classes()[k]);
                partnerClasses[cora.classes()[b.auxiliaries()[k]]]++;
            }
        }
        // a partner of class c is drawn with probability proportional to n_c · log(n_c)/n_c = log(n_c)
        double[] p = new double[7];
        for (int c = 0; c < 7; c++) {
            p[c] = Math.log(n[c]);
        }
        double statistic = ChiSquare.statistic(partnerClasses, ChiSquare.normalise(p));
        assertTrue(statistic < ChiSquare.critical999(6), "chi-square " + statistic);
    }

    @Test
    void warmUpMixesPlainlyAndCopiesTheAnchorEdges() {
        EnsSynthesizer ens = new EnsSynthesizer(cora, EnsOptions.underTam());
        ens.onFeatureGradient(0, new float[631 * 1433]);
        // epoch 4 is still warm-up for TAM's five warm-up epochs, even with logits at hand
        SyntheticBatch b = ens.synthesize(4, new float[cora.nodeCount() * 7], new SplittableRandom(2));
        assertNull(b.corrections());
        Csr csr = cora.adjacency();
        long expected = 0;
        for (int a : b.anchors()) {
            expected += csr.degree(a);
        }
        assertEquals(expected, b.edgeSources().length);
        double meanDelta = 0;
        for (float delta : b.deltas()) {
            meanDelta += delta / b.size();
        }
        assertEquals(0.5, meanDelta, 0.03, "Beta(2, 2) has mean 0.5");
    }

    @Test
    void laterEpochsSampleMixedNeighbourhoodsAndKeepSalientAnchorFeatures() {
        EnsSynthesizer ens = new EnsSynthesizer(cora, EnsOptions.graphEns());
        int[] train = ens.featureGradientRows();
        int f = cora.features().dimension();
        // Only features 0..6 carry gradient; with equal logits KL = 0, so max(1, floor(0.5 · 14)) = 7
        // features are used: exactly those seven (the rest weigh 1e-10 each).
        float[] saliency = new float[train.length * f];
        for (int r = 0; r < train.length; r++) {
            for (int j = 0; j < 7; j++) {
                saliency[r * f + j] = (j % 2 == 0 ? 1 : -1) * (j + 1);
            }
        }
        ens.onFeatureGradient(0, saliency);
        SyntheticBatch b = ens.synthesize(1, new float[cora.nodeCount() * 7], new SplittableRandom(8));
        assertEquals(1756, b.size());
        int n = cora.nodeCount();
        Csr csr = cora.adjacency();
        int[] inDegree = new int[b.size()];
        Set<Long> seen = new HashSet<>();
        for (int e = 0; e < b.edgeSources().length; e++) {
            int k = b.edgeTargets()[e] - n;
            int u = b.edgeSources()[e];
            assertTrue(k >= 0 && u < n, "edges go from original nodes to synthetic ones");
            assertTrue(seen.add(((long) k << 32) | u), "a neighbour is drawn once per synthetic node");
            assertTrue(isNeighbour(csr, b.anchors()[k], u) || isNeighbour(csr, b.auxiliaries()[k], u),
                "neighbours come from the anchor's or the partner's neighbourhood");
            inDegree[k]++;
        }
        for (int k = 0; k < b.size(); k++) {
            assertTrue(inDegree[k] <= csr.degree(b.anchors()[k]), "degree capped by the anchor's");
        }

        FeatureCorrection c = b.corrections();
        assertNotNull(c);
        float[] expected = new float[b.size() * 7];
        for (int k = 0; k < b.size(); k++) {
            for (int j = 0; j < 7; j++) {
                float difference = value(cora.features(), b.anchors()[k], j) - value(cora.features(), b.auxiliaries()[k], j);
                expected[k * 7 + j] = (1 - b.deltas()[k]) * difference;
            }
        }
        float[] actual = new float[b.size() * 7];
        for (int i = 0; i < c.size(); i++) {
            assertTrue(c.features()[i] < 7, "only salient features are masked, got " + c.features()[i]);
            actual[c.rows()[i] * 7 + c.features()[i]] += c.values()[i];
        }
        assertArrayEquals(expected, actual, 1e-7f);
        assertTrue(c.size() > 0, "some anchors and partners differ on the salient features");
    }

    private static boolean isNeighbour(Csr csr, int v, int u) {
        for (int e = csr.offsets()[v]; e < csr.offsets()[v + 1]; e++) {
            if (csr.neighbours()[e] == u) {
                return true;
            }
        }
        return false;
    }

    private static float value(SparseFeatures x, int row, int column) {
        return x.denseRow(row)[column];
    }
}
