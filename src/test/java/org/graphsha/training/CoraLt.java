package org.graphsha.training;

import org.graphsha.tools.bench.BenchDatasets;
import org.graphsha.data.KnownDataset;
import org.graphsha.graph.GraphSnapshot;

/** The bundled Cora with its long-tailed split, loaded once per test JVM. */
public final class CoraLt {

    private static GraphSnapshot snapshot;

    private CoraLt() {}

    public static synchronized GraphSnapshot snapshot() {
        if (snapshot == null) {
            snapshot = BenchDatasets.load(KnownDataset.CORA, true, null);
        }
        return snapshot;
    }
}
