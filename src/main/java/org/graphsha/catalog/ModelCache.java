package org.graphsha.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.graphsha.graph.NodeRows;

/**
 * Models already read from their files, so that a per-node prediction ({@code graphsha.predict.nodes})
 * costs no file read, with what the live path keeps per model: each database's first-layer rows
 * ({@link NodeRows}). One cache per JVM, keyed by the model file, bounded in models and in parameters
 * (least recently used first out). An entry goes when the catalog stores or drops that model
 * ({@link ModelCatalog} calls {@link #invalidate}), and a lookup checks the file's size and modification
 * time, so a file replaced or deleted behind the catalog's back (another JVM, an operator) is never
 * served stale: that check is one {@code stat}, not a read.
 */
public final class ModelCache {

    static final int MAX_MODELS = 32;
    /** Parameters kept in all, in floats: 256 MiB. */
    static final long MAX_FLOATS = 64L << 20;
    /** First-layer rows per model and database, in floats: 128 MiB (arXiv size: 169,343 x 64 is 10.8 M). */
    static final long MAX_ROW_FLOATS = 32L << 20;

    /** A loaded model and its per-database rows. */
    public static final class Loaded {
        private final TrainedModel model;
        private final Map<String, NodeRows> rows = new ConcurrentHashMap<>();

        Loaded(TrainedModel model) {
            this.model = model;
        }

        public TrainedModel model() {
            return model;
        }

        /** The model's first-layer rows of nodes of one database, created empty on first use. */
        public NodeRows rows(String database) {
            return rows.computeIfAbsent(database, d -> new NodeRows(firstLayerWidth(model), MAX_ROW_FLOATS));
        }
    }

    private record Entry(Loaded loaded, FileTime modified, long size, long floats) {}

    private static final Map<Path, Entry> ENTRIES = new LinkedHashMap<>(16, 0.75f, true);
    private static long floats;
    private static long loads;

    private ModelCache() {}

    /** The named model of the catalog, read from its file only when not cached or when the file changed. */
    public static TrainedModel get(ModelCatalog catalog, String name) {
        return load(catalog, name).model();
    }

    /** As {@link #get}, with the model's cached rows. */
    public static Loaded load(ModelCatalog catalog, String name) {
        Path file = ModelFiles.file(catalog.folder(), ModelNames.validate(name));
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            invalidate(file);
            return new Loaded(catalog.get(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the attributes of model file " + file, e);
        }
        synchronized (ModelCache.class) {
            Entry entry = ENTRIES.get(file);
            if (entry != null && entry.modified().equals(attributes.lastModifiedTime())
                && entry.size() == attributes.size()) {
                return entry.loaded();
            }
        }
        TrainedModel model = catalog.get(name);
        Loaded loaded = new Loaded(model);
        put(file, new Entry(loaded, attributes.lastModifiedTime(), attributes.size(), parameterFloats(model)));
        return loaded;
    }

    /** Forgets the model stored in {@code file}: the hook of {@link ModelCatalog#store} and {@link ModelCatalog#drop}. */
    public static synchronized void invalidate(Path file) {
        Entry removed = ENTRIES.remove(file);
        if (removed != null) {
            floats -= removed.floats();
        }
    }

    /** Whether any cached model keeps rows of the database. */
    public static boolean hasRows(String database) {
        for (Loaded loaded : loadedModels()) {
            if (loaded.rows.containsKey(database)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Nodes of a database changed: rows of models that read one of the written properties go, and the
     * rows of deleted or relabelled nodes (a cached row also stands for the node's membership).
     */
    public static void forgetNodes(String database, Map<String, long[]> byProperty, long[] deleted) {
        for (Loaded loaded : loadedModels()) {
            NodeRows rows = loaded.rows.get(database);
            if (rows == null) {
                continue;
            }
            if (deleted.length > 0) {
                rows.forget(deleted);
            }
            for (String property : loaded.model().featureProperties()) {
                long[] ids = byProperty.get(property);
                if (ids != null) {
                    rows.forget(ids);
                }
            }
        }
    }

    /** Forgets the cached rows of every model (the models stay loaded): for memory, and for cold-start measurements. */
    public static void clearRows() {
        for (Loaded loaded : loadedModels()) {
            loaded.rows.values().forEach(NodeRows::clear);
        }
    }

    /** How many times a model was read from its file through this cache since the JVM started. */
    public static synchronized long loads() {
        return loads;
    }

    public static synchronized int size() {
        return ENTRIES.size();
    }

    private static synchronized List<Loaded> loadedModels() {
        List<Loaded> all = new ArrayList<>(ENTRIES.size());
        for (Entry entry : ENTRIES.values()) {
            all.add(entry.loaded());
        }
        return all;
    }

    private static synchronized void put(Path file, Entry entry) {
        loads++;
        invalidate(file);
        ENTRIES.put(file, entry);
        floats += entry.floats();
        Iterator<Map.Entry<Path, Entry>> oldest = ENTRIES.entrySet().iterator();
        while ((ENTRIES.size() > MAX_MODELS || floats > MAX_FLOATS) && ENTRIES.size() > 1) {
            Map.Entry<Path, Entry> evicted = oldest.next();
            floats -= evicted.getValue().floats();
            oldest.remove();
        }
    }

    private static long parameterFloats(TrainedModel model) {
        return model.parameters().stream().mapToLong(t -> t.data().length).sum();
    }

    /** Columns of the first layer's weight, the first tensor of every backbone: X·W's row width. */
    static int firstLayerWidth(TrainedModel model) {
        long[] shape = model.parameters().get(0).shape();
        return Math.toIntExact(shape[shape.length - 1]);
    }
}
