package org.graphsha.training.loop;

import org.graphsha.training.losses.EdgeReconstruction;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.graphsha.nn.Engines;
import org.graphsha.nn.Transfer;
import org.junit.jupiter.api.Test;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.training.GradientCollector;

/**
 * GraphSmote's reconstruction error computed pair by pair in Java, checked two ways: its value and
 * gradients against central finite differences, and, fed back through the step's gradient carrier,
 * the decoder's and the embeddings' gradients against autograd of the same error written with
 * engine gathers (the form the step used before).
 */
class EdgeReconstructionTest {

    private static final int N = 6;
    private static final int D = 3;
    private static final int[] FROM = {0, 1, 2, 5, 3, 0, 4};
    private static final int[] TO = {1, 0, 4, 2, 3, 5, 4};
    private static final float[] TARGET = {1, 1, 1, 1, 0, 0, 0};

    private static float[] random(int size, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        float[] out = new float[size];
        for (int i = 0; i < size; i++) {
            out[i] = (float) (random.nextDouble() * 2 - 1);
        }
        return out;
    }

    private static double error(double[] p, double[] h) {
        double sum = 0;
        for (int k = 0; k < FROM.length; k++) {
            double s = 0;
            for (int c = 0; c < D; c++) {
                s += p[FROM[k] * D + c] * h[TO[k] * D + c];
            }
            double e = 1 / (1 + Math.exp(-s)) - TARGET[k];
            sum += e * e;
        }
        return sum;
    }

    private static double[] widen(float[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }

    @Test
    void valueAndGradientsMatchFiniteDifferences() {
        float[] p = random(N * D, 1);
        float[] h = random(N * D, 2);
        EdgeReconstruction.Result r = EdgeReconstruction.of(p, h, D, FROM, TO, TARGET);
        double[] pd = widen(p);
        double[] hd = widen(h);
        assertEquals(error(pd, hd), r.value(), 1e-5);
        double step = 1e-5;
        for (int i = 0; i < N * D; i++) {
            double keep = pd[i];
            pd[i] = keep + step;
            double up = error(pd, hd);
            pd[i] = keep - step;
            double down = error(pd, hd);
            pd[i] = keep;
            assertEquals((up - down) / (2 * step), r.gradientP()[i], 1e-4, "dE/dP[" + i + "]");
            keep = hd[i];
            hd[i] = keep + step;
            up = error(pd, hd);
            hd[i] = keep - step;
            down = error(pd, hd);
            hd[i] = keep;
            assertEquals((up - down) / (2 * step), r.gradientH()[i], 1e-4, "dE/dH[" + i + "]");
        }
    }

    @Test
    void carrierGivesTheGradientsOfTheGatheredForm() {
        float[] embeddings = random(N * D, 3);
        float[] decoder = random(D * D, 4);
        Engines.runtime(Engines.DeviceChoice.CPU, 1).exclusive(() -> {
        try (NDManager manager = Engines.newManager(Engines.device(Engines.DeviceChoice.CPU))) {
            float[][] viaCarrier = gradients(manager, embeddings, decoder, true);
            float[][] viaGathers = gradients(manager, embeddings, decoder, false);
            for (int t = 0; t < 2; t++) {
                for (int i = 0; i < viaGathers[t].length; i++) {
                    assertEquals(viaGathers[t][i], viaCarrier[t][i], 1e-5, (t == 0 ? "dE/dH[" : "dE/dW[") + i + "]");
                }
            }
        }
            return null;
        });
    }

    /** {dE/dH, dE/dW} with H and W as leaves. */
    private static float[][] gradients(NDManager manager, float[] embeddings, float[] decoder, boolean carrier) {
        NDArray h = Transfer.floats(manager, embeddings, new Shape(N, D));
        NDArray w = Transfer.floats(manager, decoder, new Shape(D, D));
        h.setRequiresGradient(true);
        w.setRequiresGradient(true);
        try (GradientCollector collector = Engines.engine().newGradientCollector()) {
            NDArray projected = h.matMul(w);
            NDArray loss;
            if (carrier) {
                EdgeReconstruction.Result r = EdgeReconstruction.of(projected.toFloatArray(), h.toFloatArray(), D, FROM,
                    TO, TARGET);
                loss = GraphSmoteStep.gradientCarrier(manager, projected, r.gradientP(), h, r.gradientH());
            } else {
                NDArray scores = projected.get(Transfer.longs(manager, FROM)).mul(h.get(Transfer.longs(manager, TO)))
                    .sum(new int[] {1});
                loss = Activation.sigmoid(scores).sub(Transfer.floats(manager, TARGET)).square().sum();
            }
            collector.backward(loss);
            return new float[][] {h.getGradient().toFloatArray(), w.getGradient().toFloatArray()};
        }
    }
}
