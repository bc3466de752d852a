package org.graphsha.diffusion;

import java.util.Arrays;

import org.graphsha.graph.Csr;

/**
 * Exact PPR columns from a float64 Cholesky factor of M = I - (1-α)·H_s, where H_s is the
 * symmetric form of the walk (D̃^{-1/2}(A+I)D̃^{-1/2}, or D^{-1/2}AD^{-1/2} for the random walk).
 * M is symmetric positive definite because H_s has spectral radius at most 1, so no pivoting is
 * needed. The factor is computed densely (memory: one N x N double matrix while it is built) and then kept as its
 * non-zero rows: on a sparse graph most of it stays zero (Cora: 12 % of the upper triangle is not), and the
 * solves then visit only the non-zeros, in the order the dense loops would, so every sum is the same.
 */
final class DensePpr {

    /** Right-hand sides solved together; equal to the source loop's chunk so blocks are not split between threads. */
    static final int BLOCK = 32;

    private final Transition walk;
    private final double alpha;
    private final int n;
    /** The diagonal of the upper Cholesky factor U (M = UᵀU). */
    private final double[] diagonal;
    /** U's non-zero entries right of the diagonal, row by row, in column order: row k is [rowStart[k], rowStart[k+1]). */
    private final int[] rowStart;
    private final int[] columns;
    private final double[] values;

    DensePpr(Transition walk, double alpha) {
        this.walk = walk;
        this.alpha = alpha;
        this.n = walk.nodeCount();
        long bytes = 8L * n * n;
        if ((long) n * n > Integer.MAX_VALUE - 8 || bytes > Runtime.getRuntime().maxMemory() * 0.8) {
            throw new IllegalArgumentException("the exact diffusion of " + n + " nodes needs " + (bytes >> 20)
                + " MiB for one dense matrix, more than this JVM can spare; use diffusionMode 'scalable' (or 'auto')");
        }
        double[] factor = buildMatrix();
        choleskyInPlace(factor);
        diagonal = new double[n];
        rowStart = new int[n + 1];
        long nonZeros = 0;
        for (int k = 0; k < n; k++) {
            diagonal[k] = factor[k * n + k];
            for (int i = k + 1; i < n; i++) {
                if (factor[k * n + i] != 0) {
                    nonZeros++;
                }
            }
            rowStart[k + 1] = Math.toIntExact(nonZeros);
        }
        columns = new int[rowStart[n]];
        values = new double[rowStart[n]];
        for (int k = 0, e = 0; k < n; k++) {
            for (int i = k + 1; i < n; i++) {
                double uki = factor[k * n + i];
                if (uki != 0) {
                    columns[e] = i;
                    values[e++] = uki;
                }
            }
        }
    }

    private double[] buildMatrix() {
        Csr graph = walk.graph;
        double[] m = new double[n * n];
        double[] invSqrt = new double[n];
        for (int v = 0; v < n; v++) {
            invSqrt[v] = walk.walkDegree[v] == 0 ? 0 : 1 / Math.sqrt(walk.walkDegree[v]);
        }
        for (int v = 0; v < n; v++) {
            m[v * n + v] = 1 - (walk.selfLoops ? (1 - alpha) * invSqrt[v] * invSqrt[v] : 0);
            for (int k = graph.offsets()[v]; k < graph.offsets()[v + 1]; k++) {
                int u = graph.neighbours()[k];
                m[v * n + u] -= (1 - alpha) * invSqrt[v] * invSqrt[u];
            }
        }
        return m;
    }

    /**
     * Right-looking Cholesky M = UᵀU keeping U in the upper triangle (row-major). Its inner loop is
     * an update of one contiguous row by another, which the JIT vectorises; the lower triangle is
     * left untouched and never read.
     */
    private void choleskyInPlace(double[] u) {
        for (int k = 0; k < n; k++) {
            int rowK = k * n;
            double pivot = u[rowK + k];
            if (!(pivot > 0)) {
                throw new IllegalStateException("PPR system is not positive definite at row " + k);
            }
            double diagonal = Math.sqrt(pivot);
            u[rowK + k] = diagonal;
            for (int j = k + 1; j < n; j++) {
                u[rowK + j] /= diagonal;
            }
            for (int i = k + 1; i < n; i++) {
                double uki = u[rowK + i];
                if (uki == 0) {
                    continue;
                }
                int rowI = i * n;
                for (int j = i; j < n; j++) {
                    u[rowI + j] -= uki * u[rowK + j];
                }
            }
        }
    }

    /**
     * Per-thread solver. Columns are solved in aligned blocks of {@link #BLOCK} right-hand sides at
     * once: each row of L is then read once per block and the inner loops run over contiguous
     * block entries, which is several times faster than one column at a time.
     */
    final class ColumnSolver {
        private final double[] block = new double[n * BLOCK];
        private int blockStart = -1;

        /** Hands the non-zero entries of the diffusion column of {@code source} to {@code sink}. */
        void column(int source, ColumnSink sink) {
            if (!walk.selfLoops && walk.walkDegree[source] == 0) {
                sink.accept(source, alpha); // no edges out: the walk stops at once
                return;
            }
            int start = source - source % BLOCK;
            if (start != blockStart) {
                solveBlock(start, Math.min(BLOCK, n - start));
            }
            int b = source - start;
            double sourceScale = walk.selfLoops ? 1 : Math.sqrt(walk.walkDegree[source]);
            for (int v = 0; v < n; v++) {
                double value = alpha * block[v * BLOCK + b];
                if (!walk.selfLoops) {
                    // π = α·D^{1/2}·M^{-1}·D^{-1/2}·e_source; nodes without edges are never reached.
                    value = walk.walkDegree[v] == 0 ? 0 : value * Math.sqrt(walk.walkDegree[v]) / sourceScale;
                }
                if (value != 0) {
                    sink.accept(v, value);
                }
            }
        }

        /** X = M^{-1}·[e_start .. e_{start+width-1}], stored row-major as block[v·BLOCK + b]. */
        private void solveBlock(int start, int width) {
            double[] x = block;
            Arrays.fill(x, 0);
            for (int b = 0; b < width; b++) {
                x[(start + b) * BLOCK + b] = 1;
            }
            // Forward substitution UᵀY = E, row-oriented over U; rows above the block stay zero.
            for (int k = start; k < n; k++) {
                int yk = k * BLOCK;
                double ukk = diagonal[k];
                for (int b = 0; b < width; b++) {
                    x[yk + b] /= ukk;
                }
                for (int e = rowStart[k]; e < rowStart[k + 1]; e++) {
                    double uki = values[e];
                    int yi = columns[e] * BLOCK;
                    for (int b = 0; b < width; b++) {
                        x[yi + b] -= uki * x[yk + b];
                    }
                }
            }
            // Back substitution UX = Y.
            for (int i = n - 1; i >= 0; i--) {
                int xi = i * BLOCK;
                for (int e = rowStart[i]; e < rowStart[i + 1]; e++) {
                    double uik = values[e];
                    int xk = columns[e] * BLOCK;
                    for (int b = 0; b < width; b++) {
                        x[xi + b] -= uik * x[xk + b];
                    }
                }
                double uii = diagonal[i];
                for (int b = 0; b < width; b++) {
                    x[xi + b] /= uii;
                }
            }
            blockStart = start;
        }
    }
}
