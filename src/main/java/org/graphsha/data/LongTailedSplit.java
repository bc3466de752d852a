package org.graphsha.data;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

import org.graphsha.graph.EdgeList;
import org.graphsha.graph.PublicSplit;

/**
 * The long-tailed split of GraphENS/GraphSHA (docs/algorithm.md §1.2): starting from the full split, it
 * removes the lowest-degree training nodes of every class, in ten rounds per class, until class sizes
 * decay geometrically from the largest class down to largest/ρ. Deterministic: ties in degree are
 * broken by ascending node position unless a {@link TieOrder} says otherwise.
 */
public final class LongTailedSplit {

    private static final int ROUNDS = 10;

    private LongTailedSplit() {}

    /**
     * @param classes     class index per node, -1 for unlabeled nodes (they take no part)
     * @param publicSplit the starting split: VAL and TEST nodes stay as they are, every other labeled node trains
     * @param edges       undirected edges between node positions
     * @param ratio       imbalance ratio ρ > 1 between the largest and the smallest training class
     */
    public static SplitResult compute(int[] classes, int classCount, PublicSplit[] publicSplit, EdgeList edges, double ratio) {
        return compute(classes, classCount, publicSplit, edges, ratio, TieOrder.ASCENDING);
    }

    /**
     * As {@link #compute(int[], int, PublicSplit[], EdgeList, double)}, with degree ties among training
     * nodes broken in the given order; only the identity of removed nodes at tied degrees changes.
     */
    public static SplitResult compute(int[] classes, int classCount, PublicSplit[] publicSplit, EdgeList edges,
                                      double ratio, TieOrder ties) {
        SplitValidation.requireRatio(ratio);
        int n = classes.length;
        int[] tieRank = ties.ranks(n);
        SplitRole[] roles = new SplitRole[n];
        int[] fullTrainCount = new int[classCount];
        for (int i = 0; i < n; i++) {
            roles[i] = startingRole(classes[i], publicSplit[i]);
            if (roles[i] == SplitRole.TRAIN) {
                fullTrainCount[classes[i]]++;
            }
        }
        SplitValidation.requireEveryClass(fullTrainCount, "outside the val and test splits");

        Integer[] order = IntStream.range(0, classCount).boxed()
            .sorted(Comparator.comparingInt((Integer c) -> -fullTrainCount[c]))
            .toArray(Integer[]::new);
        int[] target = targets(fullTrainCount, order, ratio);

        int[][] removedPerClass = new int[classCount][0];
        for (int rank = 1; rank < classCount; rank++) {
            int c = order[rank];
            int toRemove = fullTrainCount[c] - target[c];
            int[] candidates = nodesOf(roles, classes, c);
            for (int round = 1; round <= ROUNDS; round++) {
                int[] degree = degreesWithout(removedPerClass, n, edges);
                removedPerClass[c] = lowestDegree(candidates, degree, tieRank, round * toRemove / ROUNDS);
            }
        }
        for (int[] removed : removedPerClass) {
            for (int node : removed) {
                roles[node] = SplitRole.REMOVED;
            }
        }
        return new SplitResult(roles, classes, classCount);
    }

    private static SplitRole startingRole(int cls, PublicSplit split) {
        if (cls < 0) {
            return SplitRole.NONE;
        }
        return switch (split) {
            case VAL -> SplitRole.VAL;
            case TEST -> SplitRole.TEST;
            default -> SplitRole.TRAIN;
        };
    }

    /** Target sizes: largest class · μ^rank with μ = (1/ρ)^(1/(C-1)), never above the class's own size. */
    static int[] targets(int[] sizes, Integer[] order, double ratio) {
        double mu = Math.pow(1.0 / ratio, 1.0 / (sizes.length - 1));
        int[] target = new int[sizes.length];
        double largest = sizes[order[0]];
        for (int rank = 0; rank < order.length; rank++) {
            int c = order[rank];
            target[c] = (int) Math.min(largest * Math.pow(mu, rank), sizes[c]);
        }
        return target;
    }

    private static int[] nodesOf(SplitRole[] roles, int[] classes, int cls) {
        return IntStream.range(0, roles.length)
            .filter(i -> roles[i] == SplitRole.TRAIN && classes[i] == cls)
            .toArray();
    }

    /** Degree of every node over the edges whose endpoints are both still in the graph. */
    private static int[] degreesWithout(int[][] removedPerClass, int n, EdgeList edges) {
        boolean[] removed = new boolean[n];
        for (int[] list : removedPerClass) {
            for (int node : list) {
                removed[node] = true;
            }
        }
        int[] degree = new int[n];
        int[] s = edges.sources();
        int[] t = edges.targets();
        for (int e = 0; e < s.length; e++) {
            if (!removed[s[e]] && !removed[t[e]]) {
                degree[s[e]]++;
                degree[t[e]]++;
            }
        }
        return degree;
    }

    private static int[] lowestDegree(int[] candidates, int[] degree, int[] tieRank, int count) {
        Integer[] sorted = Arrays.stream(candidates).boxed()
            .sorted(Comparator.comparingInt((Integer v) -> degree[v]).thenComparingInt(v -> tieRank[v]))
            .toArray(Integer[]::new);
        int[] chosen = new int[count];
        for (int k = 0; k < count; k++) {
            chosen[k] = sorted[k];
        }
        return chosen;
    }
}
