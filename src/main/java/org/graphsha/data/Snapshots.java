package org.graphsha.data;

import org.graphsha.graph.Csr;
import org.graphsha.graph.Dataset;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;

/** Builds the learning core's snapshot from a dataset and one of its imbalanced splits. */
public final class Snapshots {

    private Snapshots() {}

    /**
     * Edges touching a {@link SplitRole#REMOVED} node are dropped, as the long-tailed protocol
     * requires; features are row-normalised as PyG's NormalizeFeatures does (binarised first when
     * {@code binarize}, as PyG's npz reader does for Amazon/Coauthor).
     */
    public static GraphSnapshot of(Dataset dataset, SplitResult split, boolean binarize) {
        return of(dataset, split, new FeatureTransform.RowSum(binarize));
    }

    /** As above, with the dataset's features transformed as given. */
    public static GraphSnapshot of(Dataset dataset, SplitResult split, FeatureTransform features) {
        return of(dataset.edges(), features.apply(dataset.features()), dataset.classes(), dataset.classCount(),
            split.roles());
    }

    /**
     * The general form, for any graph: {@code classes[i]} is -1 where unknown, and the roles decide the
     * masks (nodes that are {@link SplitRole#REMOVED} lose their edges). Features are used as given.
     */
    public static GraphSnapshot of(EdgeList edges, SparseFeatures features, int[] classes, int classCount,
                                   SplitRole[] roles) {
        Csr adjacency = Csr.undirected(classes.length, edges, v -> roles[v] != SplitRole.REMOVED);
        return withRoles(adjacency, features, classes, classCount, roles);
    }

    /**
     * The snapshot of {@code base}'s graph under other roles that remove no node, sharing its adjacency and
     * features: another holdout of the same labels (an ensemble member's) needs no second copy of the edges.
     */
    public static GraphSnapshot withRoles(GraphSnapshot base, SplitRole[] roles) {
        for (int v = 0; v < roles.length; v++) {
            if (roles[v] == SplitRole.REMOVED) {
                throw new IllegalArgumentException("node " + v + " is removed by the new roles: its edges must go, "
                    + "so build the snapshot from the edge list");
            }
        }
        return withRoles(base.adjacency(), base.features(), base.classes(), base.classCount(), roles);
    }

    private static GraphSnapshot withRoles(Csr adjacency, SparseFeatures features, int[] classes, int classCount,
                                           SplitRole[] roles) {
        int n = classes.length;
        boolean[] train = new boolean[n];
        boolean[] val = new boolean[n];
        boolean[] test = new boolean[n];
        for (int i = 0; i < n; i++) {
            train[i] = roles[i] == SplitRole.TRAIN;
            val[i] = roles[i] == SplitRole.VAL;
            test[i] = roles[i] == SplitRole.TEST;
        }
        return new GraphSnapshot(adjacency, features, classes, classCount, train, val, test);
    }
}
