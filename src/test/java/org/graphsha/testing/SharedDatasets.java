package org.graphsha.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Locates the larger benchmark datasets, which a fresh clone does not have. Tests that need them
 * are skipped with a message saying where they were looked for.
 */
public final class SharedDatasets {

    private SharedDatasets() {}

    public static Path root() {
        String configured = System.getProperty("graphsha.datasets", System.getenv("GRAPHSHA_DATASETS"));
        return configured != null ? Path.of(configured) : Path.of("..", "shared", "datasets").toAbsolutePath().normalize();
    }

    /** The dataset's folder, or a skipped test when it is absent. */
    public static Path require(String name) {
        Path folder = root().resolve(name);
        assumeTrue(Files.isRegularFile(folder.resolve("nodes.csv.gz")),
            () -> "skipped: dataset `" + name + "` not found under " + root()
                + " (set -Dgraphsha.datasets or GRAPHSHA_DATASETS to the shared datasets folder)");
        return folder;
    }
}
