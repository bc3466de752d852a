package org.graphsha.live.rows;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.graphsha.catalog.TrainedModel;

/**
 * A model with what live scoring keeps of it per graph read ({@link RowGraph}): the first-layer rows X·W
 * and the layer-1 outputs ({@link NodeRows}) of the nodes it has scored around. An ensemble keeps rows
 * per member. Each table is bounded on its own; the rows go with the model when it leaves the model cache.
 */
public final class ModelRows {

    /** Past this many nodes to forget, a model's layer-1 outputs of the database are dropped as a whole. */
    static final int FORGET_ALL_ABOVE = 100_000;

    private final TrainedModel model;
    private final long maxTableFloats;
    private final List<ModelRows> members;
    private final Map<RowGraph, NodeRows> rows = new ConcurrentHashMap<>();
    private final Map<RowGraph, NodeRows> hidden = new ConcurrentHashMap<>();

    /** @param maxTableBytes the most one table of rows (one model or member, one graph, one tier) may hold */
    public ModelRows(TrainedModel model, long maxTableBytes) {
        this.model = model;
        this.maxTableFloats = maxTableBytes / Float.BYTES;
        int count = model.members().size();
        List<ModelRows> all = new ArrayList<>(count);
        for (int m = 0; m < count; m++) {
            all.add(count == 1 ? this : new ModelRows(model.member(m), maxTableBytes));
        }
        this.members = List.copyOf(all);
    }

    public TrainedModel model() {
        return model;
    }

    /** Each member as a single model with rows of its own; a single model is its own only member. */
    public List<ModelRows> members() {
        return members;
    }

    /** The model's first-layer rows of nodes of one graph, created empty on first use. */
    public NodeRows rows(RowGraph graph) {
        return rows.computeIfAbsent(graph, d -> new NodeRows(firstLayerWidth(model), maxTableFloats));
    }

    /**
     * The model's layer-1 outputs (after the activation) of nodes of one graph, each followed by the
     * node's degree: hidden + 1 floats per node, created empty on first use.
     */
    public NodeRows hidden(RowGraph graph) {
        return hidden.computeIfAbsent(graph, d -> new NodeRows(model.spec().hidden() + 1, maxTableFloats));
    }

    /** Whether any member keeps rows of the database. */
    public boolean hasRows(String database) {
        return members.stream().anyMatch(member -> !member.graphsOf(database).isEmpty());
    }

    /** Bytes the rows of every member take. */
    public long bytes() {
        long bytes = 0;
        for (ModelRows member : members) {
            for (NodeRows table : member.rows.values()) {
                bytes += table.bytes();
            }
            for (NodeRows table : member.hidden.values()) {
                bytes += table.bytes();
            }
        }
        return bytes;
    }

    /**
     * Forgets the rows of every member (the model stays), tables and all. A call in flight that holds a
     * table fills it in vain: cleared, it takes no rows read before, and no later call finds it.
     */
    public void clear() {
        for (ModelRows member : members) {
            for (RowGraph graph : List.copyOf(member.rows.keySet())) {
                Optional.ofNullable(member.rows.remove(graph)).ifPresent(NodeRows::clear);
            }
            for (RowGraph graph : List.copyOf(member.hidden.keySet())) {
                Optional.ofNullable(member.hidden.remove(graph)).ifPresent(NodeRows::clear);
            }
        }
    }

    /** As {@link #clear()}, for the rows of one database. */
    public void clear(String database) {
        for (ModelRows member : members) {
            for (RowGraph graph : member.graphsOf(database)) {
                Optional.ofNullable(member.rows.remove(graph)).ifPresent(NodeRows::clear);
                Optional.ofNullable(member.hidden.remove(graph)).ifPresent(NodeRows::clear);
            }
        }
    }

    /**
     * A committed transaction changed the database; each member forgets what depended on it:
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
    public void forgetNodes(String database, GraphChanges changes) {
        for (ModelRows member : members) {
            for (RowGraph graph : member.graphsOf(database)) {
                forget(member.model, graph, member.rows.get(graph), member.hidden.get(graph), changes);
            }
        }
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

    private static void forget(TrainedModel model, RowGraph graph, NodeRows rows, NodeRows hidden,
                               GraphChanges changes) {
        boolean neighbourDegrees = model.spec().backbone().needsNeighbourDegrees();
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
        if (neighbourDegrees && relabelled.size() > 0) {
            hidden.clear();
            return;
        }
        LongHashSetLite gone = new LongHashSetLite();
        gone.addAll(changes.deleted());
        gone.addAll(ends.toArray());
        LongHashSetLite around = new LongHashSetLite();
        around.addAll(features.toArray());
        around.addAll(relabelled.toArray());
        if (neighbourDegrees) {
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

    /** Columns of the first layer's weight, the first tensor of every backbone: X·W's row width. */
    static int firstLayerWidth(TrainedModel model) {
        long[] shape = model.parameters().get(0).shape();
        return Math.toIntExact(shape[shape.length - 1]);
    }
}
