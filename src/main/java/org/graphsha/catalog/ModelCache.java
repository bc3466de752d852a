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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.graphsha.live.rows.GraphChanges;
import org.graphsha.live.rows.NodeRows;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.GcnNormalization;

/**
 * Models already read from their files, so that a per-node prediction ({@code graphsha.predict.nodes})
 * costs no file read, with what the live path keeps per model: the first-layer rows X·W and layer-1
 * outputs ({@link NodeRows}) of the nodes of each graph it reads ({@link RowGraph}). One cache per JVM, keyed by the model file, bounded in models and in parameters
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

    /**
     * The graph that cached rows were computed on: one database's nodes of the labels, connected by the
     * relationships of the types (empty: all). A model that recorded its projection always reads the same
     * graph; one stored before projections were recorded reads the labels and types of each call, and rows
     * computed on one such graph are no answer on another (membership, neighbours, degrees).
     */
    public record RowGraph(String database, List<String> nodeLabels, List<String> relationshipTypes) {

        public RowGraph {
            nodeLabels = List.copyOf(nodeLabels);
            relationshipTypes = List.copyOf(relationshipTypes);
        }

        boolean reads(String label, String type) {
            return (label == null || nodeLabels.isEmpty() || nodeLabels.contains(label))
                && (type == null || relationshipTypes.isEmpty() || relationshipTypes.contains(type));
        }
    }

    /** A loaded model and its rows, per graph read; an ensemble keeps rows per member. */
    public static final class Loaded {
        private final TrainedModel model;
        private final List<Loaded> members;
        private final Map<RowGraph, NodeRows> rows = new ConcurrentHashMap<>();
        private final Map<RowGraph, NodeRows> hidden = new ConcurrentHashMap<>();

        Loaded(TrainedModel model) {
            this.model = model;
            int count = model.members().size();
            List<Loaded> all = new ArrayList<>(count);
            for (int m = 0; m < count; m++) {
                all.add(count == 1 ? this : new Loaded(model.member(m)));
            }
            this.members = List.copyOf(all);
        }

        public TrainedModel model() {
            return model;
        }

        /** Each member as a single model with rows of its own; a single model is its own only member. */
        public List<Loaded> members() {
            return members;
        }

        /** The model's first-layer rows of nodes of one graph, created empty on first use. */
        public NodeRows rows(RowGraph graph) {
            return rows.computeIfAbsent(graph, d -> new NodeRows(firstLayerWidth(model), MAX_ROW_FLOATS));
        }

        /**
         * The model's layer-1 outputs (after the activation) of nodes of one graph, each followed by the
         * node's degree: hidden + 1 floats per node, created empty on first use.
         */
        public NodeRows hidden(RowGraph graph) {
            return hidden.computeIfAbsent(graph, d -> new NodeRows(model.spec().hidden() + 1, MAX_ROW_FLOATS));
        }

        /** The graphs of the database that rows are kept for. */
        private Set<RowGraph> graphsOf(String database) {
            Set<RowGraph> graphs = new LinkedHashSet<>();
            for (RowGraph graph : rows.keySet()) {
                if (graph.database().equals(database)) {
                    graphs.add(graph);
                }
            }
            for (RowGraph graph : hidden.keySet()) {
                if (graph.database().equals(database)) {
                    graphs.add(graph);
                }
            }
            return graphs;
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
            if (!loaded.graphsOf(database).isEmpty()) {
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
     *     gained one of the graph's labels (a row also vouches for its node's labels) or was deleted;</li>
     * <li>a node's layer-1 output when its own features or its neighbours' changed (X·W), when a
     *     neighbour's membership changed, or when a relationship of the graph's types at it was created or
     *     deleted (its neighbours and its degree); with symmetric GCN also when a neighbour's degree
     *     changed, which is every neighbour of such a relationship's ends, and any change of membership
     *     drops them all (the degrees of two hops change).</li>
     * </ul>
     */
    public static void forgetNodes(String database, GraphChanges changes) {
        for (Loaded loaded : loadedModels()) {
            for (RowGraph graph : loaded.graphsOf(database)) {
                forget(loaded.model(), graph, loaded.rows.get(graph), loaded.hidden.get(graph), changes);
            }
        }
    }

    private static void forget(TrainedModel model, RowGraph graph, NodeRows rows, NodeRows hidden,
                               GraphChanges changes) {
        boolean symmetric = model.spec().kind() == BackboneKind.GCN
            && model.spec().gcnNormalization() == GcnNormalization.SYMMETRIC;
        LongHashSetLite features = new LongHashSetLite();
        for (String property : model.featureProperties()) {
            features.addAll(changes.byProperty().get(property));
        }
        LongHashSetLite relabelled = new LongHashSetLite();
        changes.byLabel().forEach((label, ids) -> {
            if (graph.reads(label, null)) {
                relabelled.addAll(ids);
            }
        });
        LongHashSetLite ends = new LongHashSetLite();
        changes.relationshipEnds().forEach((type, ids) -> {
            if (graph.reads(null, type)) {
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
            return;
        }
        if (symmetric && relabelled.size() > 0) {
            hidden.clear();
            return;
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
            return;
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

    /** A small set of longs, insertion order kept. */
    private static final class LongHashSetLite {
        private final java.util.LinkedHashSet<Long> set = new LinkedHashSet<>();

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

    /** Forgets the cached rows of every model for one database. */
    public static void clearRows(String database) {
        for (Loaded loaded : loadedModels()) {
            for (RowGraph graph : loaded.graphsOf(database)) {
                Optional.ofNullable(loaded.rows.get(graph)).ifPresent(NodeRows::clear);
                Optional.ofNullable(loaded.hidden.get(graph)).ifPresent(NodeRows::clear);
            }
        }
    }

    /** How many times a model was read from its file through this cache since the JVM started. */
    public static synchronized long loads() {
        return loads;
    }

    public static synchronized int size() {
        return ENTRIES.size();
    }

    /** Every cached model's members, which hold the rows. */
    private static synchronized List<Loaded> loadedModels() {
        List<Loaded> all = new ArrayList<>(ENTRIES.size());
        for (Entry entry : ENTRIES.values()) {
            all.addAll(entry.loaded().members());
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
        return model.members().stream().flatMap(List::stream).mapToLong(t -> t.data().length).sum();
    }

    /** Columns of the first layer's weight, the first tensor of every backbone: X·W's row width. */
    static int firstLayerWidth(TrainedModel model) {
        long[] shape = model.parameters().get(0).shape();
        return Math.toIntExact(shape[shape.length - 1]);
    }
}
