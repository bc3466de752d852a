package org.graphsha.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Models already read from their files, so that a per-node prediction ({@code graphsha.predict.nodes})
 * costs no file read. One cache per JVM, keyed by the model file, bounded in models and in parameters
 * (least recently used first out). An entry is dropped when the catalog stores or drops that model
 * ({@link ModelCatalog} calls {@link #invalidate}), and a lookup checks the file's size and modification
 * time, so a file replaced or deleted behind the catalog's back (another JVM, an operator) is never
 * served stale: that check is one {@code stat}, not a read.
 */
public final class ModelCache {

    static final int MAX_MODELS = 32;
    /** Parameters kept in all, in floats: 256 MiB. */
    static final long MAX_FLOATS = 64L << 20;

    private record Entry(TrainedModel model, FileTime modified, long size, long floats) {}

    private static final Map<Path, Entry> ENTRIES = new LinkedHashMap<>(16, 0.75f, true);
    private static long floats;
    private static long loads;

    private ModelCache() {}

    /** The named model of the catalog, read from its file only when not cached or when the file changed. */
    public static TrainedModel get(ModelCatalog catalog, String name) {
        Path file = ModelFiles.file(catalog.folder(), ModelNames.validate(name));
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            invalidate(file);
            return catalog.get(name);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the attributes of model file " + file, e);
        }
        synchronized (ModelCache.class) {
            Entry entry = ENTRIES.get(file);
            if (entry != null && entry.modified().equals(attributes.lastModifiedTime())
                && entry.size() == attributes.size()) {
                return entry.model();
            }
        }
        TrainedModel model = catalog.get(name);
        put(file, new Entry(model, attributes.lastModifiedTime(), attributes.size(), parameterFloats(model)));
        return model;
    }

    /** Forgets the model stored in {@code file}: the hook of {@link ModelCatalog#store} and {@link ModelCatalog#drop}. */
    public static synchronized void invalidate(Path file) {
        Entry removed = ENTRIES.remove(file);
        if (removed != null) {
            floats -= removed.floats();
        }
    }

    /** How many times a model was read from its file through this cache since the JVM started. */
    public static synchronized long loads() {
        return loads;
    }

    public static synchronized int size() {
        return ENTRIES.size();
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
}
