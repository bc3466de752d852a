package org.graphsha.nn;

import java.util.Arrays;

import org.graphsha.graph.FeatureCorrection;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The sign backbone's mapped hops H_k·W_k computed map first, as Â'^k (X'·W_k) on the augmented graph
 * (docs/algorithm.md, the sign backbone): the same function of the parameters as the precomputed rows
 * ({@link HopFeatures}, {@link SyntheticHops}) up to the order of float sums. Where X is sparse and wide, mapping the
 * nonzeros of X and propagating hidden-wide rows costs far less than mapping every scored row's dense F-wide hops.
 *
 * <p>The maps are linear in [W_0 | ... | W_K], so their gradient is computed here rather than by the engine, whose
 * backward through a sparse product costs several times its forward: {@link Pass#weightGradient} runs the forward's
 * products backwards with the transposed operators, which are the forward's entries with rows and columns swapped.
 * Real rows never read synthetic ones, and a synthetic row s weighs its own row by 1/d̂_s and each sender by the
 * normalisation's weight, as in {@link SyntheticHops}.
 */
public final class ProjectedHops {

    /**
     * How many dense multiply-adds one sparse multiply-add costs on the engine, for {@link #cheaper}: sparse products
     * gather and scatter where a dense one streams.
     */
    static final int SPARSE_COST = 4;

    /** X, Xᵀ, Â and Âᵀ on the engine, for the run. */
    private final NDArray x;
    private final NDArray xTransposed;
    private final NDArray a;
    private final NDArray aTransposed;
    private final HopOperator operator;
    private final GcnNormalization norm;
    private final int width;

    private ProjectedHops(NDArray x, NDArray xTransposed, NDArray a, NDArray aTransposed, HopOperator operator,
                          GcnNormalization norm, int width) {
        this.x = x;
        this.xTransposed = xTransposed;
        this.a = a;
        this.aTransposed = aTransposed;
        this.operator = operator;
        this.norm = norm;
        this.width = width;
    }

    /** The run's constant operators, on {@code manager}. */
    public static ProjectedHops of(NDManager manager, HopOperator a, SparseFeatures features, GcnNormalization norm) {
        SparseFeatures x = features.nonZeroEntries();
        int n = a.nodeCount();
        int[] xRows = new int[x.nonZeros()];
        for (int r = 0; r < x.rows(); r++) {
            Arrays.fill(xRows, x.rowOffsets()[r], x.rowOffsets()[r + 1], r);
        }
        Entries xEntries = new Entries(xRows, x.columns(), x.values());
        int[] aRows = new int[a.columns().length];
        for (int v = 0; v < n; v++) {
            Arrays.fill(aRows, a.offsets()[v], a.offsets()[v + 1], v);
        }
        Entries aEntries = new Entries(aRows, a.columns(), a.values());
        return new ProjectedHops(xEntries.matrix(manager, n, x.dimension()),
            xEntries.transposed(manager, x.dimension(), n), aEntries.matrix(manager, n, n),
            aEntries.transposed(manager, n, n), a, norm, x.dimension());
    }

    /**
     * Whether mapping first costs fewer multiply-adds per epoch than the precomputed rows: (K + 1) maps of X's
     * nonzeros and K(K + 1)/2 passes over Â, each pass forward, backward and in the eval, against
     * {@code rowPasses} rows of (K + 1) x F per epoch.
     *
     * @param rowPasses the rows an epoch maps from their precomputed hops, a training row counted twice (the weight
     *                  gradient repeats its product)
     */
    public static boolean cheaper(HopOperator a, SparseFeatures x, int hops, long rowPasses) {
        long nonZeros = 0;
        for (float value : x.values()) {
            if (value != 0f) {
                nonZeros++;
            }
        }
        double mapFirst = 3.0 * SPARSE_COST * ((hops + 1.0) * nonZeros + hops * (hops + 1) / 2.0 * a.columns().length);
        double precomputed = (double) rowPasses * x.dimension() * (hops + 1);
        return mapFirst < precomputed;
    }

    /**
     * The mapped hops of {@code rows} (a real node 0..N−1 or a synthetic node N + s of {@code batch}), computed without
     * gradients.
     *
     * @param rows    the rows, or null for every real row in order
     * @param xMapped X·[W_0 | ... | W_K] at these parameters as an earlier pass computed it ({@link Pass#xMapped}), or
     *                null to compute it
     */
    public Pass forward(NDManager manager, HopBackbone model, NDList params, SyntheticBatch batch, int[] rows,
                        float[] xMapped) {
        int maps = model.hops() + 1;
        NDList weights = new NDList(maps);
        for (int k = 0; k < maps; k++) {
            weights.add(model.hopWeight(params, k));
        }
        int hidden = Math.toIntExact(weights.get(0).getShape().get(1));
        int n = operator.nodeCount();
        int m = batch.size();
        Synthetic synthetic = m == 0 ? null : new Synthetic(manager, batch);
        NDArray joined = maps == 1 ? weights.get(0) : NDArrays.concat(weights, 1);
        // One product maps X for every hop at once; a synthetic row's map mixes its two nodes' maps.
        NDArray p = xMapped == null ? x.matMul(joined)
            : Transfer.floats(manager, xMapped, new Shape(n, (long) maps * hidden));
        NDArray real = p;
        if (synthetic != null) {
            NDArray mixed = synthetic.mixing.matMul(p);
            p = p.concat(synthetic.correction == null ? mixed : mixed.add(synthetic.correction.matMul(joined)), 0);
        }
        NDArray index = rows == null ? null : Transfer.longs(manager, rows);
        NDList mapped = new NDList(maps);
        for (int k = 0; k < maps; k++) {
            if (k > 0) {
                // Pass k propagates the columns of hops k..K.
                NDArray rest = p.get(":, " + hidden + ":");
                p = synthetic == null ? a.matMul(rest)
                    : a.matMul(rest.get("0:" + n)).concat(synthetic.propagation.matMul(rest), 0);
            }
            NDArray map = maps == 1 ? p : p.get(":, 0:" + hidden);
            mapped.add(index == null ? map : map.get(index));
        }
        return new Pass(mapped, real, synthetic, rows, n + m, hidden);
    }

    /** One forward's mapped hops and what its gradient reads. */
    public final class Pass {

        private final NDList mapped;
        private final NDArray xMapped;
        private final Synthetic synthetic;
        private final int[] rows;
        private final int total;
        private final int hidden;

        private Pass(NDList mapped, NDArray xMapped, Synthetic synthetic, int[] rows, int total, int hidden) {
            this.mapped = mapped;
            this.xMapped = xMapped;
            this.synthetic = synthetic;
            this.rows = rows;
            this.total = total;
            this.hidden = hidden;
        }

        /** K + 1 arrays of rows x hidden, without the maps' biases. */
        public NDList mapped() {
            return mapped;
        }

        public int hidden() {
            return hidden;
        }

        /** X·[W_0 | ... | W_K], N x (K + 1)·hidden, for a later pass at the same parameters. */
        public float[] xMapped() {
            return xMapped.toFloatArray();
        }

        /**
         * ∂L/∂[W_0 | ... | W_K] (F x (K + 1)·hidden) from ∂L/∂ mapped_k: each mapped hop's gradient is scattered back to
         * its rows, then, from the last hop to the first, propagated back through Â'ᵀ and joined with the earlier
         * hops' columns, and finally mapped back through the mixing and Xᵀ.
         */
        public NDArray weightGradient(NDManager manager, NDList mappedGradients) {
            int n = operator.nodeCount();
            NDArray scatter = rows == null ? null : Sparse.coo(manager, rows, identity(rows.length),
                ones(rows.length), total, rows.length);
            NDArray d = null;
            for (int k = mappedGradients.size() - 1; k >= 0; k--) {
                NDArray own = scatter == null ? mappedGradients.get(k) : scatter.matMul(mappedGradients.get(k));
                d = d == null ? own : own.concat(back(manager, d, n), 1);
            }
            if (synthetic == null) {
                return xTransposed.matMul(d);
            }
            NDArray dSynthetic = d.get(n + ":");
            NDArray gradient = xTransposed.matMul(d.get("0:" + n).add(synthetic.mixingTransposed.matMul(dSynthetic)));
            return synthetic.correction == null ? gradient
                : gradient.add(synthetic.correctionTransposed.matMul(dSynthetic));
        }

        /** Â'ᵀ·d: Âᵀ on the real rows, then what each synthetic row read, sent back to its senders. */
        private NDArray back(NDManager manager, NDArray d, int n) {
            if (synthetic == null) {
                return aTransposed.matMul(d);
            }
            NDArray real = aTransposed.matMul(d.get("0:" + n));
            NDArray padded = real.concat(manager.zeros(new Shape(total - n, d.getShape().get(1))), 0);
            return padded.add(synthetic.propagationTransposed.matMul(d.get(n + ":")));
        }
    }

    private static int[] identity(int size) {
        int[] out = new int[size];
        for (int i = 0; i < size; i++) {
            out[i] = i;
        }
        return out;
    }

    private static float[] ones(int size) {
        float[] out = new float[size];
        Arrays.fill(out, 1f);
        return out;
    }

    /**
     * One batch's operators, each with its transpose: the m x N mixing of the synthetic rows' two nodes, their m x F
     * corrections (null without), and the m x (N + m) synthetic rows of Â'.
     */
    private final class Synthetic {

        private final NDArray mixing;
        private final NDArray mixingTransposed;
        private final NDArray correction;
        private final NDArray correctionTransposed;
        private final NDArray propagation;
        private final NDArray propagationTransposed;

        private Synthetic(NDManager manager, SyntheticBatch batch) {
            int n = operator.nodeCount();
            int m = batch.size();
            Entries mix = Entries.sized(2 * m);
            mix.size = FeatureInput.mixingEntries(batch, n, mix.rowIdx, mix.colIdx, mix.values);
            mixing = mix.matrix(manager, m, n);
            mixingTransposed = mix.transposed(manager, n, m);
            FeatureCorrection c = batch.corrections();
            if (c == null || c.size() == 0) {
                correction = null;
                correctionTransposed = null;
            } else {
                Entries entries = new Entries(c.rows(), c.features(), c.values());
                correction = entries.matrix(manager, m, width);
                correctionTransposed = entries.transposed(manager, width, m);
            }
            Entries rowsOfA = syntheticOperator(batch);
            propagation = rowsOfA.matrix(manager, m, n + m);
            propagationTransposed = rowsOfA.transposed(manager, n + m, m);
        }
    }

    /** The synthetic rows of Â': row s weighs its own row by 1/d̂_s and each sender u by the normalisation's weight. */
    private Entries syntheticOperator(SyntheticBatch batch) {
        int n = operator.nodeCount();
        int m = batch.size();
        SyntheticHops.InEdges in = SyntheticHops.InEdges.of(batch, n);
        Entries out = Entries.sized(m + in.from().length);
        for (int s = 0; s < m; s++) {
            int degree = in.degree(s);
            out.add(s, n + s, 1f / degree);
            for (int i = in.offsets()[s]; i < in.offsets()[s + 1]; i++) {
                int u = in.from()[i];
                out.add(s, u, norm.weight(degree, u < n ? operator.degreeWithSelfLoop(u) : in.degree(u - n)));
            }
        }
        return out;
    }

    /** A sparse matrix as its entries; its transpose is the same entries read the other way. */
    static final class Entries {

        private final int[] rowIdx;
        private final int[] colIdx;
        private final float[] values;
        private int size;

        Entries(int[] rowIdx, int[] colIdx, float[] values) {
            this.rowIdx = rowIdx;
            this.colIdx = colIdx;
            this.values = values;
            this.size = values.length;
        }

        static Entries sized(int capacity) {
            Entries out = new Entries(new int[capacity], new int[capacity], new float[capacity]);
            out.size = 0;
            return out;
        }

        void add(int row, int col, float value) {
            rowIdx[size] = row;
            colIdx[size] = col;
            values[size++] = value;
        }

        NDArray matrix(NDManager manager, int rows, int cols) {
            return Sparse.coo(manager, head(rowIdx), head(colIdx), head(values), rows, cols);
        }

        NDArray transposed(NDManager manager, int rows, int cols) {
            return Sparse.coo(manager, head(colIdx), head(rowIdx), head(values), rows, cols);
        }

        private int[] head(int[] array) {
            return array.length == size ? array : Arrays.copyOf(array, size);
        }

        private float[] head(float[] array) {
            return array.length == size ? array : Arrays.copyOf(array, size);
        }
    }
}
