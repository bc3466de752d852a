package org.graphsha.tools.bench;

import java.util.Locale;

import org.graphsha.config.TrainConfig;
import org.graphsha.data.Holdout;
import org.graphsha.data.SplitRole;
import org.graphsha.data.Snapshots;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.tools.generate.UserGraph;

/**
 * {@code bench --dataset usergraph}: the user-shaped graph as {@code graphsha.train} would see it without a
 * split property. The labeled nodes are divided by the automatic holdout with the run's seed, exactly as the
 * procedure does, and the unlabeled nodes are the test set, scored against the classes the generator knows.
 */
final class UserGraphSnapshot {

    private final UserGraph user;
    private final FeatureTransform transform;
    private final SparseFeatures features;
    /** Wall time of fitting and applying the transform, once per call as in graphsha.train's pre-processing. */
    private final long transformNanos;
    private final double validationFraction;

    UserGraphSnapshot(UserGraph user, TrainConfig train) {
        this.user = user;
        SparseFeatures raw = GeneratedSnapshot.denseFeatures(user.graph());
        long start = System.nanoTime();
        this.transform = train.featureNormalization().fit(raw);
        this.features = transform.apply(raw);
        this.transformNanos = System.nanoTime() - start;
        this.validationFraction = train.validationFraction();
    }

    /** The progress line of the feature transform: its form, and its one-off cost on this graph. */
    String transformLine() {
        return String.format(Locale.ROOT, "features (%s): %d x %d, fitted and applied in %.1f ms", transform.keyValue(),
            features.rows(), features.dimension(), transformNanos / 1e6);
    }

    /** The snapshot of the run with this seed: the holdout, like the procedure's, follows the training seed. */
    GraphSnapshot forSeed(long seed) {
        int[] truth = user.graph().classes();
        int[] known = new int[truth.length];
        for (int i = 0; i < truth.length; i++) {
            known[i] = user.labeled()[i] ? truth[i] : -1;
        }
        int classCount = user.settings().classes();
        SplitRole[] roles = Holdout.stratified(known, classCount, validationFraction, seed);
        for (int i = 0; i < roles.length; i++) {
            if (roles[i] == SplitRole.NONE) {
                roles[i] = SplitRole.TEST;
            }
        }
        return Snapshots.of(new EdgeList(user.graph().sources(), user.graph().targets()), features, truth, classCount,
            roles);
    }
}
