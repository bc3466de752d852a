package org.graphsha.tools.bench;

import java.util.function.DoubleConsumer;

import org.graphsha.data.SplitRole;
import org.graphsha.data.Snapshots;
import org.graphsha.tools.generate.GeneratedGraph;
import org.graphsha.tools.generate.GeneratorSettings;
import org.graphsha.tools.generate.GraphGenerator;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;

/**
 * The arXiv-size generated graph of {@code ./graphsha generate}, built in memory for {@code bench --dataset
 * generated}: the same nodes, edges, features and time split that {@code bench-scale} writes to the database
 * and projects, without Neo4j, so the training cost alone can be timed on any device. Features are used as
 * generated, as {@code bench-scale} trains with {@code featureNormalization: 'none'}.
 */
final class GeneratedSnapshot {

    private GeneratedSnapshot() {}

    static GraphSnapshot arxivSize(DoubleConsumer progress) {
        return of(GraphGenerator.generate(GeneratorSettings.defaults(), progress));
    }

    static GraphSnapshot of(GeneratedGraph g) {
        int n = g.nodeCount();
        SplitRole[] roles = new SplitRole[n];
        for (int i = 0; i < n; i++) {
            roles[i] = switch (g.split(i)) {
                case "train" -> SplitRole.TRAIN;
                case "val" -> SplitRole.VAL;
                default -> SplitRole.TEST;
            };
        }
        return Snapshots.of(new EdgeList(g.sources(), g.targets()), denseFeatures(g), g.classes(),
            g.settings().classes(), roles);
    }

    /** Every node's generated row, as the learning core's feature matrix. */
    static SparseFeatures denseFeatures(GeneratedGraph g) {
        int n = g.nodeCount();
        int dim = g.features().dimension();
        float[] values = new float[n * dim];
        for (int i = 0; i < n; i++) {
            System.arraycopy(g.features().row(i, g.classes()[i]), 0, values, i * dim, dim);
        }
        return SparseFeatures.dense(n, dim, values);
    }
}
