package org.graphsha.training.losses;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.MessageGraph;
import org.junit.jupiter.api.Test;

/**
 * A hand-computed TAM example: two classes; loss rows 0 (class 0), 1 (class 1), 2 (class 0); node 3
 * unlabelled with logits (0, 0), so its temperature-scaled prediction is (0.5, 0.5). Message edges
 * 1→0, 3→0, 0→1, 3→2.
 *   NLD_0 = mean((1,0), (0,1), (0.5,0.5)) = (0.5, 0.5)
 *   NLD_1 = mean((0,1), (1,0))            = (0.5, 0.5)
 *   NLD_2 = mean((1,0), (0.5,0.5))        = (0.75, 0.25)
 *   K_0 = mean(NLD_0, NLD_2) = (0.625, 0.375),  K_1 = NLD_1 = (0.5, 0.5)
 *   ACM_0[1] = (0.5/0.625)·(0.375/0.5) = 0.6;  ACM_2[1] = min(1, (0.75/0.625)·(0.375/0.25)) = 1;  ACM_1[0] = 1
 *   NLD_0 = K_1, so ADM_0[1] = (J² + J² − 0)/(2J²) = 1 with J = JSD(K_0, K_1);  NLD_1 = K_1, so ADM_1[0] = 0
 */
class TamAdjustmentTest {

    private static final int[] LOSS_ROWS = {0, 1, 2};
    private static final int[] LABELS = {0, 1, 0};
    private static final MessageGraph GRAPH = new MessageGraph(4, new int[] {1, 3, 0, 3}, new int[] {0, 0, 1, 2});

    private static GraphSnapshot snapshot(int[] classes, boolean[] train) {
        int n = classes.length;
        int[] offsets = new int[n + 1];
        int[] rows = new int[n + 1];
        return new GraphSnapshot(new Csr(n, offsets, new int[0]), new SparseFeatures(n, 1, rows, new int[0], new float[0]),
            classes, 2, train, new boolean[n], new boolean[n]);
    }

    private static TamAdjustment tam() {
        return new TamAdjustment(snapshot(new int[] {0, 1, 0, 1}, new boolean[] {true, true, true, false}),
            TamOptions.defaults());
    }

    private static double jsd(double[] p, double[] q) {
        double s = 0;
        for (int k = 0; k < p.length; k++) {
            double m = (p[k] + q[k]) / 2;
            s += 0.5 * p[k] * Math.log(p[k] / m) + 0.5 * q[k] * Math.log(q[k] / m);
        }
        return s;
    }

    @Test
    void neighbourLabelDistributionsUseLabelsAndPredictions() {
        double[][] nld = tam().neighbourLabelDistributions(new float[8], GRAPH, LOSS_ROWS, LABELS);
        assertArrayEquals(new double[] {0.5, 0.5}, nld[0], 1e-12);
        assertArrayEquals(new double[] {0.5, 0.5}, nld[1], 1e-12);
        assertArrayEquals(new double[] {0.75, 0.25}, nld[2], 1e-12);
    }

    @Test
    void acmAndAdmMatchTheHandComputedValues() {
        double[][] nld = {{0.5, 0.5}, {0.5, 0.5}, {0.75, 0.25}};
        TamAdjustment.Terms t = TamAdjustment.Terms.of(nld, LABELS, 2);
        assertArrayEquals(new double[] {0.625, 0.375}, t.connectivity()[0], 1e-12);
        assertArrayEquals(new double[] {0.5, 0.5}, t.connectivity()[1], 1e-12);
        assertArrayEquals(new double[] {1, 0.6}, t.acm()[0], 1e-12);
        assertArrayEquals(new double[] {1, 1}, t.acm()[1], 1e-12);
        assertArrayEquals(new double[] {1, 1}, t.acm()[2], 1e-12);
        assertArrayEquals(new double[] {0, 1}, t.adm()[0], 1e-12);
        assertArrayEquals(new double[] {0, 0}, t.adm()[1], 1e-12);
        double[] k0 = {0.625, 0.375};
        double[] k1 = {0.5, 0.5};
        double[] d2 = {0.75, 0.25};
        double j = jsd(k0, k1);
        double self = jsd(d2, k0);
        double other = jsd(d2, k1);
        assertEquals((self * self + j * j - other * other) / (2 * j * j), t.adm()[2][1], 1e-9);
    }

    @Test
    void offsetsAreAlphaLogAcmMinusBetaAdmAfterWarmUp() {
        TamAdjustment tam = tam();
        assertFalse(tam.appliesTo(4), "epochs 0..4 are TAM's warm-up");
        assertTrue(tam.appliesTo(5));
        float[] offsets = tam.offsets(5, new float[8], GRAPH, LOSS_ROWS, LABELS);
        assertEquals(0f, offsets[0]);
        assertEquals((float) (2.5 * Math.log(0.6) - 0.5 * 1), offsets[1], 1e-6f);
        assertEquals(0f, offsets[2]);
        assertEquals(0f, offsets[3]);
    }

    @Test
    void classTemperatureFollowsTrainingShares() {
        // n = (30, 10): r = 0.4·share + 0.6 = (0.9, 0.7); τ = 1.2·(r + 1 − 0.9) = (1.2, 0.96)
        double[] t = TamAdjustment.classTemperature(new int[] {30, 10}, TamOptions.defaults());
        assertArrayEquals(new double[] {1.2, 0.96}, t, 1e-12);
        // the unlabelled node 3 with logits (1, 0) now counts as softmax(1.2, 0) in node 2's NLD
        boolean[] train = new boolean[40];
        int[] classes = new int[40];
        for (int v = 0; v < 40; v++) {
            train[v] = true;
            classes[v] = v < 30 ? 0 : 1;
        }
        TamAdjustment tam = new TamAdjustment(snapshot(classes, train), TamOptions.defaults());
        float[] logits = new float[8];
        logits[6] = 1;
        double[][] nld = tam.neighbourLabelDistributions(logits, GRAPH, LOSS_ROWS, LABELS);
        double p = 1 / (1 + Math.exp(-1.2));
        assertArrayEquals(new double[] {(1 + p) / 2, (1 - p) / 2}, nld[2], 1e-12);
    }
}
