package org.graphsha.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;

/**
 * Each backbone on a 5-node graph (one isolated node) plus one synthetic node, against the dense
 * double-precision reference: outputs, and gradients against central finite differences of the
 * reference. Covers dropout placement, the mixing path and sparse vs dense features.
 */
class BackboneReferenceTest {

    private static final int FEATURES = 4;
    private static final int CLASSES = 3;
    private static final int HIDDEN = 4;
    private static final int HEADS = 2;

    private static final float[][] X = {
        {0.5f, 0f, 0.5f, 0f}, {0f, 1f, 0f, 0f}, {0.2f, 0.3f, 0f, 0.5f}, {0f, 0f, 0f, 1f}, {0.25f, 0.25f, 0.25f, 0.25f}};

    @ParameterizedTest(name = "{0} {1} features, {2} normalization")
    @CsvSource({"GCN, sparse, MEAN", "GCN, dense, MEAN", "GCN, sparse, SYMMETRIC", "GAT, sparse, MEAN",
        "GAT, dense, MEAN", "SAGE, sparse, MEAN", "SAGE, dense, MEAN"})
    void matchesDenseReference(BackboneKind kind, String featureMode, GcnNormalization norm) {
        ModelSpec spec = new ModelSpec(kind, HIDDEN, HEADS, 0.5f, norm);
        Backbone model = Backbone.create(spec);
        SplittableRandom random = new SplittableRandom(7);
        ParameterSet params = model.initialize(FEATURES, CLASSES, random);
        for (Tensor t : params.tensors()) {
            // Non-zero biases too, so every path is exercised.
            for (int i = 0; i < t.data().length; i++) {
                t.data()[i] = (float) (random.nextDouble() * 2 - 1);
            }
        }
        SparseFeatures features = sparse(X);
        Csr csr = Csr.undirected(5, new EdgeList(new int[] {0, 1, 1, 2}, new int[] {1, 2, 3, 3}), v -> true);
        SyntheticBatch batch = new SyntheticBatch(new int[] {0}, new int[] {2}, new float[] {0.3f}, new int[] {1},
            new int[] {1, 3}, new int[] {5, 5});
        MessageGraph graph = MessageGraph.augmented(csr, batch);
        int n = graph.nodeCount();
        double[][] mask = new double[n][HIDDEN];
        float[] maskFlat = new float[n * HIDDEN];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < HIDDEN; c++) {
                mask[i][c] = random.nextBoolean() ? 2 : 0;
                maskFlat[i * HIDDEN + c] = (float) mask[i][c];
            }
        }
        double[][] weights = new double[n][CLASSES];
        float[] weightsFlat = new float[n * CLASSES];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < CLASSES; c++) {
                weights[i][c] = random.nextDouble() * 2 - 1;
                weightsFlat[i * CLASSES + c] = (float) weights[i][c];
            }
        }
        double[][] xAug = new double[n][FEATURES];
        for (int i = 0; i < 5; i++) {
            for (int k = 0; k < FEATURES; k++) {
                xAug[i][k] = X[i][k];
            }
        }
        for (int k = 0; k < FEATURES; k++) {
            xAug[5][k] = 0.3f * X[0][k] + (1 - 0.3f) * X[2][k];
        }
        boolean[][] in = new boolean[n][n];
        for (int e = 0; e < graph.edgeCount(); e++) {
            in[graph.targets()[e]][graph.sources()[e]] = true;
        }
        double[][] p = toDouble(params.tensors());
        double[][] expected = DenseBackboneReference.forward(kind, xAug, in, p, HIDDEN, HEADS, CLASSES, mask, norm);

        Engines.engine();
        try (NDManager manager = Engines.newManager(Device.cpu())) {
            FeatureInput x = featureMode.equals("sparse") ? FeatureInput.sparse(manager, features)
                : FeatureInput.dense(manager, features);
            GraphTensors tensors = GraphTensors.build(manager, graph, spec);
            NDList engineParams = params.toEngine(manager, true);
            float[] logits;
            float[][] grads = new float[engineParams.size()][];
            try (GradientCollector collector = Engines.engine().newGradientCollector()) {
                NDArray out = model.forward(engineParams, x, x.mixing(manager, batch), tensors,
                    manager.create(maskFlat, new Shape(n, HIDDEN)));
                logits = out.toFloatArray();
                collector.backward(out.mul(manager.create(weightsFlat, new Shape(n, CLASSES))).sum());
                for (int i = 0; i < grads.length; i++) {
                    grads[i] = engineParams.get(i).getGradient().toFloatArray();
                }
            }
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < CLASSES; c++) {
                    assertEquals(expected[i][c], logits[i * CLASSES + c], 1e-5, "logit " + i + "," + c);
                }
            }
            for (int t = 0; t < p.length; t++) {
                for (int k = 0; k < p[t].length; k++) {
                    double numeric = finiteDifference(kind, xAug, in, p, t, k, mask, weights, norm);
                    assertEquals(numeric, grads[t][k], 1e-4 + 1e-3 * Math.abs(numeric),
                        "gradient of " + params.tensors().get(t).name() + "[" + k + "]");
                }
            }
        }
    }

    private static double finiteDifference(BackboneKind kind, double[][] x, boolean[][] in, double[][] p, int t, int k,
                                           double[][] mask, double[][] weights, GcnNormalization norm) {
        double h = 1e-6;
        double keep = p[t][k];
        p[t][k] = keep + h;
        double up =
            weighted(DenseBackboneReference.forward(kind, x, in, p, HIDDEN, HEADS, CLASSES, mask, norm), weights);
        p[t][k] = keep - h;
        double down =
            weighted(DenseBackboneReference.forward(kind, x, in, p, HIDDEN, HEADS, CLASSES, mask, norm), weights);
        p[t][k] = keep;
        return (up - down) / (2 * h);
    }

    private static double weighted(double[][] out, double[][] w) {
        double s = 0;
        for (int i = 0; i < out.length; i++) {
            for (int c = 0; c < out[i].length; c++) {
                s += out[i][c] * w[i][c];
            }
        }
        return s;
    }

    private static double[][] toDouble(List<Tensor> tensors) {
        double[][] p = new double[tensors.size()][];
        for (int t = 0; t < p.length; t++) {
            float[] d = tensors.get(t).data();
            p[t] = new double[d.length];
            for (int i = 0; i < d.length; i++) {
                p[t][i] = d[i];
            }
        }
        return p;
    }

    static SparseFeatures sparse(float[][] dense) {
        int rows = dense.length;
        int[] offsets = new int[rows + 1];
        List<Integer> cols = new ArrayList<>();
        List<Float> vals = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < dense[r].length; c++) {
                if (dense[r][c] != 0) {
                    cols.add(c);
                    vals.add(dense[r][c]);
                }
            }
            offsets[r + 1] = cols.size();
        }
        int[] colArr = cols.stream().mapToInt(Integer::intValue).toArray();
        float[] valArr = new float[vals.size()];
        for (int i = 0; i < valArr.length; i++) {
            valArr[i] = vals.get(i);
        }
        return new SparseFeatures(rows, dense[0].length, offsets, colArr, valArr);
    }
}
