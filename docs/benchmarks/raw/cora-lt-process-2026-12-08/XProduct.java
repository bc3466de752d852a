import java.util.Arrays;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.jni.JniUtils;

import org.graphsha.data.KnownDataset;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.Sparse;
import org.graphsha.tools.bench.BenchDatasets;

/** The engine's two sparse products with Cora-LT's features per map-first sign epoch, one intra-op thread. */
public class XProduct {
    public static void main(String[] args) {
        SparseFeatures x = BenchDatasets.load(KnownDataset.CORA, true, null).features().nonZeroEntries();
        int n = x.rows(), f = x.dimension(), nnz = x.nonZeros(), width = 192;
        int[] rows = new int[nnz];
        for (int r = 0; r < n; r++) {
            Arrays.fill(rows, x.rowOffsets()[r], x.rowOffsets()[r + 1], r);
        }
        try (NDManager m = NDManager.newBaseManager()) {
            JniUtils.setNumThreads(1);
            NDArray xs = Sparse.coo(m, rows, x.columns(), x.values(), n, f);
            NDArray xt = Sparse.coo(m, x.columns(), rows, x.values(), f, n);
            NDArray w = m.randomUniform(0, 1, new Shape(f, width));
            NDArray d = m.randomUniform(0, 1, new Shape(n, width));
            System.out.printf("X: %d x %d, %d non-zeros; %d columns%n", n, f, nnz, width);
            for (int round = 1; round <= 3; round++) {
                System.out.printf("round %d: X.W %.2f ms, Xt.D %.2f ms%n", round,
                    time(() -> xs.matMul(w).close()), time(() -> xt.matMul(d).close()));
            }
        }
    }

    private static double time(Runnable product) {
        for (int i = 0; i < 50; i++) {
            product.run();
        }
        long start = System.nanoTime();
        for (int i = 0; i < 300; i++) {
            product.run();
        }
        return (System.nanoTime() - start) / 1e6 / 300;
    }
}
