package org.graphsha.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Trained models by user and name, one file per model, so that they survive restarts. A model belongs
 * to the user who trained it, as GDS's catalogs scope graphs and models by user; models of the same
 * name of two users are two models.
 *
 * <p>What a user reaches (docs/procedures.md, "Models belong to users"):
 * <ul>
 *   <li>train, predict, synthetic nodes ({@link #get}, {@link #store}): the user's own models, and for
 *       reading the shared ones (user {@code ""}) when the user has none of that name;</li>
 *   <li>list and exists: the same, and an admin sees every user's models;</li>
 *   <li>drop: the own model, else the shared one; an admin may name the user, or, without a name,
 *       reaches another user's model when exactly one user has one of that name (GDS's rule for graphs).</li>
 * </ul>
 * Every call reads the folder afresh: files are small, writes are atomic moves, and so any number of
 * database instances (or restarts) in one JVM see the same catalog without a cache to invalidate.
 */
public final class ModelCatalog {

    private final Path root;
    private final CatalogUser user;
    /** Told of every model file this catalog writes or deletes, so that a cache of parsed models can forget it. */
    private final Consumer<Path> fileChanged;

    private ModelCatalog(Path root, CatalogUser user, Consumer<Path> fileChanged) {
        this.root = root;
        this.user = user;
        this.fileChanged = fileChanged;
    }

    public static ModelCatalog at(Path folder, CatalogUser user) {
        return at(folder, user, file -> { });
    }

    /** @param fileChanged told of each model file stored or dropped (a {@link ModelCache}'s invalidate) */
    public static ModelCatalog at(Path folder, CatalogUser user, Consumer<Path> fileChanged) {
        return new ModelCatalog(folder.toAbsolutePath().normalize(), user, fileChanged);
    }

    public Path folder() {
        return root;
    }

    public CatalogUser user() {
        return user;
    }

    /** The models this user sees, by user (shared first) and name. */
    public List<StoredModel> list() {
        List<StoredModel> models = new ArrayList<>();
        for (String owner : visibleUsers()) {
            for (Path file : modelFiles(ModelFiles.userFolder(root, owner))) {
                models.add(new StoredModel(owner, read(file)));
            }
        }
        return models;
    }

    /** The models of that name this user sees: own and shared, and for an admin every user's. */
    public List<StoredModel> list(String name) {
        ModelNames.validate(name);
        List<StoredModel> models = new ArrayList<>();
        for (String owner : visibleUsers()) {
            Path file = ModelFiles.file(ModelFiles.userFolder(root, owner), name);
            if (Files.isRegularFile(file)) {
                models.add(new StoredModel(owner, read(file)));
            }
        }
        return models;
    }

    public boolean exists(String name) {
        return !list(name).isEmpty();
    }

    /** The model that train, predict and synthetic.write use: the user's own, else the shared one. */
    public TrainedModel get(String name) {
        return getStored(name).model();
    }

    /** The file {@link #get} reads for this user: the user's own model, else the shared one; empty when neither exists. */
    public Optional<Path> fileOf(String name) {
        ModelNames.validate(name);
        return usableOwner(name).map(owner -> fileOf(owner, name));
    }

    /** The file a listed or dropped model was read from. */
    public Path fileOf(StoredModel model) {
        return fileOf(model.username(), model.model().name());
    }

    /** As {@link #get}, with the user the model belongs to ("" when it is a shared one). */
    public StoredModel getStored(String name) {
        ModelNames.validate(name);
        Optional<String> owner = usableOwner(name);
        return owner.map(o -> new StoredModel(o, read(fileOf(o, name)))).orElseThrow(() -> new IllegalArgumentException(
            "Model `" + name + "` does not exist; graphsha.model.list() shows the trained models"));
    }

    /** Checked before training starts, so a long run is not wasted on a name that cannot be stored. */
    public void requireStorable(String name, boolean overwrite) {
        if (!overwrite && Files.isRegularFile(own(ModelNames.validate(name)))) {
            throw new IllegalArgumentException("Model `" + name + "` already exists; pass overwrite: true to replace it, "
                + "or drop it first with graphsha.model.drop('" + name + "')");
        }
    }

    /** Stores the model as the user's own (a shared model of the same name stays, and this one comes first for the user). */
    public void store(TrainedModel model, boolean overwrite) {
        requireStorable(model.name(), overwrite);
        Path folder = ModelFiles.userFolder(root, user.username());
        try {
            ModelFiles.write(folder, model);
            fileChanged.accept(ModelFiles.file(folder, model.name()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write model `" + model.name() + "` to " + folder, e);
        }
    }

    /**
     * Removes a model: the user's own, else the shared one of that name. An admin may pass the owner's
     * name; without it, an admin also reaches another user's model when exactly one user has one.
     *
     * @param username the owner, or empty: only an admin may name one (GDS's {@code username} of {@code gds.graph.drop})
     */
    public Optional<StoredModel> drop(String name, Optional<String> username) {
        ModelNames.validate(name);
        Optional<String> owner = username.map(String::trim).filter(u -> !u.isEmpty());
        if (owner.isPresent() && !user.admin()) {
            throw new IllegalArgumentException("Only an admin can drop another user's model: pass no username to drop "
                + "your own model `" + name + "`");
        }
        Optional<String> found = owner.isPresent() ? owner.filter(o -> Files.isRegularFile(fileOf(o, name)))
            : usableOwner(name).or(() -> onlyOtherOwner(name));
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Path file = fileOf(found.get(), name);
        StoredModel model = new StoredModel(found.get(), read(file));
        try {
            Files.deleteIfExists(file);
            fileChanged.accept(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete model file of `" + name + "` in " + file.getParent(), e);
        }
        return Optional.of(model);
    }

    /**
     * Copies the model this user reaches under {@code name} (as {@link #get}) to {@code target}, a model file that
     * {@link #importFile} reads on another install. The copy lands whole or not at all.
     */
    public StoredModel export(String name, Path target, boolean overwrite) {
        StoredModel model = getStored(name);
        placeWhole(target, overwrite, name, temporary -> Files.copy(fileOf(model), temporary,
            StandardCopyOption.REPLACE_EXISTING));
        return model;
    }

    /** Stores the model file {@code source} (written by {@link #export}) as this user's own model. */
    public TrainedModel importFile(Path source, Optional<String> name, boolean overwrite) {
        TrainedModel model = readFile(source);
        TrainedModel named = name.map(n -> model.renamed(ModelNames.validate(n))).orElse(model);
        store(named, overwrite);
        return named;
    }

    /** A model file outside any catalog, as {@link #export} writes it and {@link #importFile} reads it. */
    public static TrainedModel readFile(Path source) {
        if (!Files.isRegularFile(source)) {
            throw new IllegalArgumentException("No model file " + source + " exists; graphsha.model.export writes one");
        }
        try {
            return ModelFiles.read(source);
        } catch (IOException | RuntimeException e) {
            // The cause is not chained: the reason is in the message, and a client shows the innermost cause's text.
            throw new IllegalArgumentException("The file " + source + " is not a graphsha model file ("
                + e.getClass().getSimpleName() + ": " + e.getMessage() + "); graphsha.model.export writes one");
        }
    }

    /** Writes {@code model} as a file that {@link #importFile} reads, whole or not at all. */
    public static void writeFile(TrainedModel model, Path target, boolean overwrite) {
        placeWhole(target.toAbsolutePath().normalize(), overwrite, model.name(),
            temporary -> ModelFiles.writeTo(temporary, model));
    }

    private interface FileWriter {
        void write(Path file) throws IOException;
    }

    /** Writes a temporary file beside {@code target} and moves it into place, so the file lands whole or not at all. */
    private static void placeWhole(Path target, boolean overwrite, String name, FileWriter writer) {
        if (!overwrite && Files.exists(target)) {
            throw new IllegalArgumentException("The file " + target + " already exists; pass overwrite: true to replace "
                + "it, or choose another fileName");
        }
        Path temporary = null;
        try {
            Files.createDirectories(target.getParent());
            temporary = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
            writer.write(temporary);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write model `" + name + "` to " + target + ": " + e.getMessage(), e);
        } finally {
            deleteQuietly(temporary);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a leftover temporary file is hidden (dot name) and harmless; the export's own error is what matters
            }
        }
    }

    private Path own(String name) {
        return fileOf(user.username(), name);
    }

    private Path fileOf(String owner, String name) {
        return ModelFiles.file(ModelFiles.userFolder(root, owner), name);
    }

    private Optional<String> usableOwner(String name) {
        if (Files.isRegularFile(own(name))) {
            return Optional.of(user.username());
        }
        return Files.isRegularFile(fileOf("", name)) ? Optional.of("") : Optional.empty();
    }

    /** For an admin: the one other user with a model of that name; several are an error that names them. */
    private Optional<String> onlyOtherOwner(String name) {
        if (!user.admin()) {
            return Optional.empty();
        }
        List<String> owners = users().stream().filter(o -> Files.isRegularFile(fileOf(o, name))).toList();
        if (owners.size() > 1) {
            throw new IllegalArgumentException("Model `" + name + "` exists for the users " + owners + "; pass the user's "
                + "name to drop one, e.g. graphsha.model.drop('" + name + "', true, '" + owners.get(0) + "')");
        }
        return owners.stream().findFirst();
    }

    /** The users whose models this user sees: the shared user and themself, or every user for an admin. */
    private List<String> visibleUsers() {
        if (user.admin()) {
            List<String> all = new ArrayList<>(List.of(""));
            all.addAll(users());
            return all;
        }
        return user.username().isEmpty() ? List.of("") : List.of("", user.username());
    }

    /** Every user with a model folder, by name; the shared user {@code ""} is not among them. */
    private List<String> users() {
        Path users = root.resolve(ModelFiles.USERS);
        if (!Files.isDirectory(users)) {
            return List.of();
        }
        try (Stream<Path> folders = Files.list(users)) {
            return folders.filter(Files::isDirectory).map(f -> ModelFiles.decode(f.getFileName().toString()))
                .filter(u -> u != null).sorted(Comparator.naturalOrder()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the user folders of " + users, e);
        }
    }

    private static TrainedModel read(Path file) {
        try {
            return ModelFiles.read(file);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot read model file " + file + ": " + e.getMessage()
                + "; move it out of the model folder to continue", e);
        }
    }

    private static List<Path> modelFiles(Path folder) {
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
