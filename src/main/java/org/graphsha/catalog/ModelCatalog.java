package org.graphsha.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Trained models by name, one file per model in a folder, so that they survive restarts. Every call
 * reads the folder afresh: files are small, writes are atomic moves, and so any number of database
 * instances (or restarts) in one JVM see the same catalog without a cache to invalidate.
 */
public final class ModelCatalog {

    private final Path folder;

    private ModelCatalog(Path folder) {
        this.folder = folder;
    }

    public static ModelCatalog at(Path folder) {
        return new ModelCatalog(folder.toAbsolutePath().normalize());
    }

    public Path folder() {
        return folder;
    }

    public List<TrainedModel> list() {
        List<TrainedModel> models = new ArrayList<>();
        for (Path file : modelFiles()) {
            models.add(read(file));
        }
        return models;
    }

    public boolean exists(String name) {
        return Files.isRegularFile(ModelFiles.file(folder, ModelNames.validate(name)));
    }

    public TrainedModel get(String name) {
        if (!exists(name)) {
            throw new IllegalArgumentException("Model `" + name + "` does not exist; graphsha.model.list() shows the "
                + "trained models");
        }
        return read(ModelFiles.file(folder, name));
    }

    /** Checked before training starts, so a long run is not wasted on a name that cannot be stored. */
    public void requireStorable(String name, boolean overwrite) {
        if (!overwrite && exists(name)) {
            throw new IllegalArgumentException("Model `" + name + "` already exists; pass overwrite: true to replace it, "
                + "or drop it first with graphsha.model.drop('" + name + "')");
        }
    }

    public synchronized void store(TrainedModel model, boolean overwrite) {
        requireStorable(model.name(), overwrite);
        try {
            ModelFiles.write(folder, model);
            ModelCache.invalidate(ModelFiles.file(folder, model.name()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write model `" + model.name() + "` to " + folder, e);
        }
    }

    public synchronized Optional<TrainedModel> drop(String name) {
        if (!exists(name)) {
            return Optional.empty();
        }
        TrainedModel model = get(name);
        try {
            Files.deleteIfExists(ModelFiles.file(folder, name));
            ModelCache.invalidate(ModelFiles.file(folder, name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete model file of `" + name + "` in " + folder, e);
        }
        return Optional.of(model);
    }

    private static TrainedModel read(Path file) {
        try {
            return ModelFiles.read(file);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot read model file " + file + ": " + e.getMessage()
                + "; move it out of the model folder to continue", e);
        }
    }

    private List<Path> modelFiles() {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(ModelFiles::isModelFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the model folder " + folder, e);
        }
    }
}
