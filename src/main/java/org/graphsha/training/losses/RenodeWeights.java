package org.graphsha.training.losses;

import java.util.Arrays;
import java.util.Comparator;

import org.graphsha.diffusion.Normalization;
import org.graphsha.diffusion.PprPush;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;

/**
 * ReNode's topology weights (TAM main_renode.py, docs/algorithm.md §5): with Π the PPR matrix (α = 0.15),
 * g[:,c] the mean Π row of the training nodes of class c, and T_v = Σ_j Π[v][j]·(Σ_c g[j][c] − g[j][y_v])
 * (conflict with other classes), training nodes ranked by T ascending get cosine-annealed weights
 * from 1.5 (least conflict) down to 0.5. Computed once per run, by the run's loss; nothing is kept
 * between runs (a train×N matrix per graph would otherwise stay in the database's heap).
 */
public final class RenodeWeights {

    static final double ALPHA = 0.15;
    private static final double BASE = 0.5;
    private static final double SCALE = 1.0;

    private RenodeWeights() {}

    /** One weight per training node, in ascending node order. */
    public static float[] of(GraphSnapshot g) {
        return compute(g);
    }

    /**
     * Rows of Π = α(I − (1−α)H)^{-1}, H symmetric with self loops: the diffusion's PPR push gives column
     * v, which equals row v because H is symmetric. Only the training rows are needed. The push bound
     * (1e-9 per entry, scaled by degrees) is far below what the ranking and class means can resolve.
     */
    private static float[][] pprRows(GraphSnapshot g, int[] train) {
        PprPush push = new PprPush(g.adjacency(), Normalization.SYMMETRIC, ALPHA, 1e-9);
        float[][] rows = new float[train.length][];
        for (int k = 0; k < train.length; k++) {
            double[] column = push.column(train[k]);
            rows[k] = new float[column.length];
            for (int j = 0; j < column.length; j++) {
                rows[k][j] = (float) column[j];
            }
        }
        return rows;
    }

    private static float[] compute(GraphSnapshot g) {
        int n = g.nodeCount();
        int c = g.classCount();
        int[] train = Masks.indices(g.trainMask());
        float[][] pi = pprRows(g, train);
        int[] perClass = new int[c];
        double[][] classMean = new double[c][n];
        for (int k = 0; k < train.length; k++) {
            int y = g.classes()[train[k]];
            perClass[y]++;
            for (int j = 0; j < n; j++) {
                classMean[y][j] += pi[k][j];
            }
        }
        double[] total = new double[n];
        for (int y = 0; y < c; y++) {
            for (int j = 0; j < n; j++) {
                classMean[y][j] /= Math.max(perClass[y], 1);
                total[j] += classMean[y][j];
            }
        }
        double[] conflict = new double[train.length];
        for (int k = 0; k < train.length; k++) {
            int y = g.classes()[train[k]];
            double t = 0;
            for (int j = 0; j < n; j++) {
                t += pi[k][j] * (total[j] - classMean[y][j]);
            }
            conflict[k] = t;
        }
        Integer[] order = new Integer[train.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> conflict[i]).thenComparingInt(i -> i));
        float[] weights = new float[train.length];
        double denom = Math.max(train.length - 1, 1);
        for (int rank = 0; rank < order.length; rank++) {
            weights[order[rank]] = (float) (BASE + 0.5 * SCALE * (1 + Math.cos(Math.PI * rank / denom)));
        }
        return weights;
    }
}
