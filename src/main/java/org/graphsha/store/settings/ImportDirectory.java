package org.graphsha.store.settings;

import java.nio.file.Files;
import java.nio.file.Path;

import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/** The server's import directory: the only place from which procedures read user files. */
public record ImportDirectory(Path root) {

    public static ImportDirectory of(GraphDatabaseAPI db) {
        Config config = db.getDependencyResolver().resolveDependency(Config.class);
        return new ImportDirectory(config.get(GraphDatabaseSettings.load_csv_file_url_root).toAbsolutePath().normalize());
    }

    /** Resolves a user-given folder and rejects anything that leaves the import directory. */
    public Path resolve(String key, String userPath) {
        Path resolved = inside(key, userPath, "dataset folder");
        if (!Files.isDirectory(resolved)) {
            throw new IllegalArgumentException("Invalid value '" + userPath + "' for configuration key `" + key
                + "`: no folder " + resolved + " exists; it must contain nodes.csv.gz, edges.csv.gz and features.csv.gz");
        }
        return resolved;
    }

    /** Resolves a user-given file path, existing or not, and rejects anything that leaves the import directory. */
    public Path resolveFile(String key, String userPath) {
        return inside(key, userPath, "file");
    }

    private Path inside(String key, String userPath, String what) {
        Path resolved = root.resolve(userPath).toAbsolutePath().normalize();
        if (!resolved.startsWith(root) || resolved.equals(root)) {
            throw new IllegalArgumentException("Invalid value '" + userPath + "' for configuration key `" + key
                + "`: it resolves to " + resolved + ", outside the import directory " + root
                + "; put the " + what + " inside the import directory and give its relative path");
        }
        return resolved;
    }
}
