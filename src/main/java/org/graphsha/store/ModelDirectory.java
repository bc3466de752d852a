package org.graphsha.store;

import java.nio.file.Path;

import org.neo4j.configuration.Config;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/** Where the model catalog lives on this server (see {@link GraphshaSettings#models_directory}). */
public final class ModelDirectory {

    private ModelDirectory() {}

    public static Path of(GraphDatabaseAPI db) {
        Config config = db.getDependencyResolver().resolveDependency(Config.class);
        return config.get(GraphshaSettings.models_directory).toAbsolutePath().normalize();
    }
}
