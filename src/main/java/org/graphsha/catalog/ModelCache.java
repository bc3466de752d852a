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
import java.util.Optional;
import java.util.function.Function;

/**
 * Models already read from their files, so that a call that needs one often ({@code graphsha.predict.nodes})
 * costs no file read. Each model is kept as a value derived from it when it is read (the model itself, or
 * the model with what a caller keeps per model), keyed by the model file, bounded in models and in bytes of
 * parameters (least recently used first out); the derived value goes with its model. An entry goes when
 * the catalog stores or drops that model (the catalog's file-change hook calls {@link #invalidate}), and a
 * lookup checks the file's size and modification time, so a file replaced or deleted behind the catalog's
 * back (another JVM, an operator) is never served stale: that check is one {@code stat}, not a read.
 *
 * @param <V> what is kept per model
 */
public final class ModelCache<V> {

    public static final int MAX_MODELS = 32;

    private record Entry<V>(V value, FileTime modified, long size, long bytes) {}

    private final long maxBytes;
    private final Function<TrainedModel, V> derive;
    private final Map<Path, Entry<V>> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;
    private long loads;

    /**
     * @param maxBytes the parameters kept in all, in bytes; the most recent model stays even when larger
     * @param derive   what to keep of a model read from its file
     */
    public ModelCache(long maxBytes, Function<TrainedModel, V> derive) {
        this.maxBytes = maxBytes;
        this.derive = derive;
    }

    /** The named model of the catalog, read from its file only when not cached or when the file changed. */
    public V load(ModelCatalog catalog, String name) {
        // Keyed by the file this user's catalog resolves (own before shared), so users never share an entry.
        Optional<Path> resolved = catalog.fileOf(name);
        if (resolved.isEmpty()) {
            return derive.apply(catalog.get(name));
        }
        Path file = resolved.get();
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            invalidate(file);
            return derive.apply(catalog.get(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the attributes of model file " + file, e);
        }
        synchronized (this) {
            Entry<V> entry = entries.get(file);
            if (entry != null && entry.modified().equals(attributes.lastModifiedTime())
                && entry.size() == attributes.size()) {
                return entry.value();
            }
        }
        TrainedModel model = catalog.get(name);
        V value = derive.apply(model);
        put(file, new Entry<>(value, attributes.lastModifiedTime(), attributes.size(), parameterBytes(model)));
        return value;
    }

    /** Whether the model of {@code file} is held, as last read; a file changed since is read again on load. */
    public synchronized boolean holds(Path file) {
        return entries.containsKey(file);
    }

    /** Forgets the model stored in {@code file}: the catalog's hook on store and drop. */
    public synchronized void invalidate(Path file) {
        Entry<V> removed = entries.remove(file);
        if (removed != null) {
            bytes -= removed.bytes();
        }
    }

    /** Forgets every model. */
    public synchronized void clear() {
        entries.clear();
        bytes = 0;
    }

    /** What is kept of every cached model, least recently used first. */
    public synchronized List<V> values() {
        List<V> values = new ArrayList<>(entries.size());
        for (Entry<V> entry : entries.values()) {
            values.add(entry.value());
        }
        return values;
    }

    /** How many times a model was read from its file through this cache. */
    public synchronized long loads() {
        return loads;
    }

    public synchronized int size() {
        return entries.size();
    }

    /** Bytes of the cached models' parameters. */
    public synchronized long bytes() {
        return bytes;
    }

    public long maxBytes() {
        return maxBytes;
    }

    private synchronized void put(Path file, Entry<V> entry) {
        loads++;
        invalidate(file);
        entries.put(file, entry);
        bytes += entry.bytes();
        Iterator<Map.Entry<Path, Entry<V>>> oldest = entries.entrySet().iterator();
        while ((entries.size() > MAX_MODELS || bytes > maxBytes) && entries.size() > 1) {
            Map.Entry<Path, Entry<V>> evicted = oldest.next();
            bytes -= evicted.getValue().bytes();
            oldest.remove();
        }
    }

    private static long parameterBytes(TrainedModel model) {
        return Float.BYTES * model.members().stream().flatMap(List::stream).mapToLong(t -> t.data().length).sum();
    }
}
