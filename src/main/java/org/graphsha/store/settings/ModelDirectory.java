package org.graphsha.store.settings;

import java.nio.file.Path;

import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/** Where the model catalog lives on this server (see {@link GraphshaSettings#models_directory}). */
public final class ModelDirectory {

    private ModelDirectory() {}

    public static Path of(GraphDatabaseAPI db) {
        Config config = db.getDependencyResolver().resolveDependency(Config.class);
        try {
            return config.get(GraphshaSettings.models_directory).toAbsolutePath().normalize();
        } catch (IllegalArgumentException undeclared) {
            // The setting is declared through the service loader at start. A server's launcher puts plugins/*
            // on the JVM classpath, so a server sees it (RealServerTest); an embedded DBMS given only a plugin
            // directory does not, and then the default applies.
            return config.get(GraphDatabaseSettings.data_directory).resolve("graphsha").resolve("models")
                .toAbsolutePath().normalize();
        }
    }
}
