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

import org.graphsha.graph.GraphChanges;
import org.graphsha.graph.NodeRows;
import org.graphsha.graph.ProjectionSchema;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.GcnNormalization;

/**
 * Models already read from their files, so that a per-node prediction ({@code graphsha.predict.nodes})
 * costs no file read, with what the live path keeps per model: each database's first-layer rows X·W
 * and layer-1 outputs ({@link NodeRows}). One cache per JVM, keyed by the model file, bounded in models and in parameters
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
        private final Map<String, NodeRows> hidden = new ConcurrentHashMap<>();

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

        /**
         * The model's layer-1 outputs (after the activation) of nodes of one database, each followed by
         * the node's degree: hidden + 1 floats per node, created empty on first use.
         */
        public NodeRows hidden(String database) {
            return hidden.computeIfAbsent(database, d -> new NodeRows(model.spec().hidden() + 1, MAX_ROW_FLOATS));
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
            if (loaded.rows.containsKey(database) || loaded.hidden.containsKey(database)) {
                return true;
            }
        }
        return false;
    }

    /** Past this many nodes to forget, a model's layer-1 outputs of the database are dropped as a whole. */
    static final int FORGET_ALL_ABOVE = 100_000;

    /**
     * A committed transaction changed the database; each model forgets what depended on it:
     * <ul>
     * <li>a node's X·W row when one of the model's feature properties of it changed, when it lost or
     *     gained one of the model's labels (a row also vouches for its node's labels) or was deleted;</li>
     * <li>a node's layer-1 output when its own features or its neighbours' changed (X·W), when a
     *     neighbour's membership changed, or when a relationship of the model's types at it was created or
     *     deleted (its neighbours and its degree); with symmetric GCN also when a neighbour's degree
     *     changed, which is every neighbour of such a relationship's ends, and any change of membership
     *     drops them all (the degrees of two hops change).</li>
     * </ul>
     */
    public static void forgetNodes(String database, GraphChanges changes) {
        for (Loaded loaded : loadedModels()) {
            NodeRows rows = loaded.rows.get(database);
            NodeRows hidden = loaded.hidden.get(database);
            if (rows == null && hidden == null) {
                continue;
            }
            TrainedModel model = loaded.model();
            ProjectionSchema schema = model.projection();
            boolean symmetric = model.spec().kind() == BackboneKind.GCN
                && model.spec().gcnNormalization() == GcnNormalization.SYMMETRIC;
            LongHashSetLite features = new LongHashSetLite();
            for (String property : model.featureProperties()) {
                features.addAll(changes.byProperty().get(property));
            }
            LongHashSetLite relabelled = new LongHashSetLite();
            changes.byLabel().forEach((label, ids) -> {
                if (schema == null || schema.allLabels() || schema.nodeLabels().contains(label)) {
                    relabelled.addAll(ids);
                }
            });
            LongHashSetLite ends = new LongHashSetLite();
            changes.relationshipEnds().forEach((type, ids) -> {
                if (schema == null || schema.allTypes() || schema.relationshipTypes().contains(type)) {
                    ends.addAll(ids);
                }
            });
            if (rows != null) {
                LongHashSetLite gone = new LongHashSetLite();
                gone.addAll(features.toArray());
                gone.addAll(relabelled.toArray());
                gone.addAll(changes.deleted());
                if (gone.size() > 0) {
                    rows.forget(gone.toArray());
                }
            }
            if (hidden == null) {
                continue;
            }
            if (symmetric && relabelled.size() > 0) {
                hidden.clear();
                continue;
            }
            LongHashSetLite gone = new LongHashSetLite();
            gone.addAll(changes.deleted());
            gone.addAll(ends.toArray());
            LongHashSetLite around = new LongHashSetLite();
            around.addAll(features.toArray());
            around.addAll(relabelled.toArray());
            if (symmetric) {
                around.addAll(ends.toArray());
            }
            if (gone.size() + around.size() > FORGET_ALL_ABOVE) {
                hidden.clear();
                continue;
            }
            for (long node : around.toArray()) {
                gone.add(node);
                gone.addAll(changes.neighbours().apply(node));
                if (gone.size() > FORGET_ALL_ABOVE) {
                    break;
                }
            }
            if (gone.size() > FORGET_ALL_ABOVE) {
                hidden.clear();
            } else if (gone.size() > 0) {
                hidden.forget(gone.toArray());
            }
        }
    }

    /** A small set of longs, insertion order kept. */
    private static final class LongHashSetLite {
        private final java.util.LinkedHashSet<Long> set = new java.util.LinkedHashSet<>();

        void add(long value) {
            set.add(value);
        }

        void addAll(long[] values) {
            if (values != null) {
                for (long v : values) {
                    set.add(v);
                }
            }
        }

        int size() {
            return set.size();
        }

        long[] toArray() {
            return set.stream().mapToLong(Long::longValue).toArray();
        }
    }

    /** Forgets the cached rows of every model (the models stay loaded): for memory, and for cold-start measurements. */
    public static void clearRows() {
        for (Loaded loaded : loadedModels()) {
            loaded.rows.values().forEach(NodeRows::clear);
            loaded.hidden.values().forEach(NodeRows::clear);
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
