package org.graphsha.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Trained models by name, kept in memory and persisted one file per model in a folder, so that they
 * survive restarts. One instance per folder serves every caller in the JVM.
 */
public final class ModelCatalog {

    private static final Map<Path, ModelCatalog> BY_FOLDER = new ConcurrentHashMap<>();

    private final Path folder;
    private Map<String, TrainedModel> models;

    ModelCatalog(Path folder) {
        this.folder = folder;
    }

    public static ModelCatalog at(Path folder) {
        return BY_FOLDER.computeIfAbsent(folder.toAbsolutePath().normalize(), ModelCatalog::new);
    }

    public Path folder() {
        return folder;
    }

    public synchronized List<TrainedModel> list() {
        return List.copyOf(loaded().values());
    }

    public synchronized boolean exists(String name) {
        return loaded().containsKey(name);
    }

    public synchronized TrainedModel get(String name) {
        TrainedModel model = loaded().get(ModelNames.validate(name));
        if (model == null) {
            throw new IllegalArgumentException("Model `" + name + "` does not exist; graphsha.model.list() shows the "
                + "trained models");
        }
        return model;
    }

    /** Checked before training starts, so a long run is not wasted on a name that cannot be stored. */
    public synchronized void requireStorable(String name, boolean overwrite) {
        ModelNames.validate(name);
        if (!overwrite && loaded().containsKey(name)) {
            throw new IllegalArgumentException("Model `" + name + "` already exists; pass overwrite: true to replace it, "
                + "or drop it first with graphsha.model.drop('" + name + "')");
        }
    }

    public synchronized void store(TrainedModel model, boolean overwrite) {
        requireStorable(model.name(), overwrite);
        try {
            ModelFiles.write(folder, model);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write model `" + model.name() + "` to " + folder, e);
        }
        loaded().put(model.name(), model);
    }

    public synchronized Optional<TrainedModel> drop(String name) {
        TrainedModel model = loaded().remove(ModelNames.validate(name));
        if (model != null) {
            try {
                Files.deleteIfExists(ModelFiles.file(folder, name));
            } catch (IOException e) {
                loaded().put(name, model);
                throw new UncheckedIOException("cannot delete model file of `" + name + "` in " + folder, e);
            }
        }
        return Optional.ofNullable(model);
    }

    private Map<String, TrainedModel> loaded() {
        if (models == null) {
            models = new TreeMap<>();
            if (Files.isDirectory(folder)) {
                for (Path file : modelFiles()) {
                    try {
                        TrainedModel model = ModelFiles.read(file);
                        models.put(model.name(), model);
                    } catch (IOException | RuntimeException e) {
                        throw new IllegalStateException("cannot read model file " + file + ": " + e.getMessage()
                            + "; move it out of the model folder to continue", e);
                    }
                }
            }
        }
        return models;
    }

    private List<Path> modelFiles() {
        try (Stream<Path> files = Files.list(folder)) {
            return new ArrayList<>(files.filter(ModelFiles::isModelFile).sorted(Comparator.naturalOrder()).toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the model folder " + folder, e);
        }
    }
}
