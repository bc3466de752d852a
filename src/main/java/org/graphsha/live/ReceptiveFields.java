package org.graphsha.live;

import java.util.Arrays;
import java.util.List;
import java.util.function.LongPredicate;

import org.eclipse.collections.impl.map.mutable.primitive.LongByteHashMap;
import org.eclipse.collections.impl.map.mutable.primitive.LongIntHashMap;
import org.graphsha.graph.FloatArrayBuilder;
import org.graphsha.graph.IntArrayBuilder;
import org.graphsha.live.rows.ReceptiveField;
import org.graphsha.graph.SparseFeatures;
import org.neo4j.graphdb.Direction;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Transaction;
import org.neo4j.internal.kernel.api.CursorFactory;
import org.neo4j.internal.kernel.api.NodeCursor;
import org.neo4j.internal.kernel.api.Read;
import org.neo4j.internal.kernel.api.RelationshipTraversalCursor;
import org.neo4j.internal.kernel.api.TokenRead;
import org.neo4j.kernel.api.KernelTransaction;
import org.neo4j.kernel.impl.coreapi.InternalTransaction;
import org.neo4j.storageengine.api.RelationshipSelection;
import org.neo4j.token.api.TokenConstants;

/**
 * Reads the receptive field of some nodes from the caller's transaction, as a projection of the
 * model's labels and types would hold it: a relationship of any of the types, in either direction,
 * between two nodes that each have one of the labels connects them once, however many relationships
 * there are; self-relationships are ignored. Uncommitted changes of the transaction are seen.
 *
 * <p>Nodes within {@code hops - 1} of a target are expanded (all their neighbours are read), the nodes
 * at {@code hops} are the frontier, read for their degree only when the model needs it (which takes one
 * more hop of relationships). Features are read separately, for the nodes whose first-layer rows are
 * not cached ({@link #features}).
 */
public final class ReceptiveFields {

    /**
     * @param nodeLabels        Neo4j labels, a node belongs when it has any; empty for every node
     * @param relationshipTypes Neo4j types; empty for every type
     * @param frontierDegrees   whether frontier nodes need their degree (GCN with symmetric normalisation)
     * @param maxNeighbours     0 for all neighbours, else at most this many per node, a seeded sample
     * @param knownMembers      nodes known to have one of the labels without reading them (those with
     *                          cached rows, which are dropped when a node's labels change), or null
     */
    public record Scope(String modelName, List<String> nodeLabels, List<String> relationshipTypes,
                        List<String> featureProperties, int featureDimension, boolean frontierDegrees,
                        int maxNeighbours, long seed, LongPredicate knownMembers) {

        public Scope withKnownMembers(LongPredicate known) {
            return new Scope(modelName, nodeLabels, relationshipTypes, featureProperties, featureDimension,
                frontierDegrees, maxNeighbours, seed, known);
        }

        public Scope withFrontierDegrees(boolean degrees) {
            return new Scope(modelName, nodeLabels, relationshipTypes, featureProperties, featureDimension,
                degrees, maxNeighbours, seed, knownMembers);
        }
    }

    private final Transaction tx;
    private final Scope scope;
    private final Read read;
    /** Label token ids of the scope; a label the database has never seen matches no node. */
    private final int[] labels;
    private final boolean anyLabel;
    private final RelationshipSelection selection;
    private NodeCursor nodeCursor;
    private NodeCursor otherCursor;
    private RelationshipTraversalCursor relationships;
    private final LongIntHashMap index = new LongIntHashMap();
    /** Membership of nodes outside the field: 1 has a label, 0 has none. */
    private final LongByteHashMap outside = new LongByteHashMap();
    private long[] ids = new long[64];
    private int size;
    private long[] neighbourBuffer = new long[64];
    /** Per local node, 1 + the local node whose expansion last counted it as a neighbour. */
    private int[] seenBy = new int[64];

    private ReceptiveFields(Transaction tx, Scope scope, KernelTransaction kernel) {
        this.tx = tx;
        this.scope = scope;
        this.read = kernel.dataRead();
        TokenRead tokens = kernel.tokenRead();
        this.anyLabel = scope.nodeLabels().isEmpty();
        this.labels = scope.nodeLabels().stream().mapToInt(tokens::nodeLabel).filter(t -> t != TokenConstants.NO_TOKEN).toArray();
        if (scope.relationshipTypes().isEmpty()) {
            this.selection = RelationshipSelection.ALL_RELATIONSHIPS;
        } else {
            int[] types = scope.relationshipTypes().stream().mapToInt(tokens::relationshipType)
                .filter(t -> t != TokenConstants.NO_TOKEN).toArray();
            this.selection = types.length == 0 ? RelationshipSelection.NO_RELATIONSHIPS
                : RelationshipSelection.selection(types, Direction.BOTH);
        }
    }

    /**
     * Reads through the kernel's cursors, which see the transaction's own changes: a few hundred
     * nanoseconds per relationship, against microseconds through the core API's objects.
     *
     * @param targets distinct Neo4j node ids
     */
    public static ReceptiveField read(Transaction tx, long[] targets, Scope scope, int hops) {
        KernelTransaction kernel = ((InternalTransaction) tx).kernelTransaction();
        ReceptiveFields reader = new ReceptiveFields(tx, scope, kernel);
        CursorFactory cursors = kernel.cursors();
        try (NodeCursor nodes = cursors.allocateNodeCursor(kernel.cursorContext(), kernel.memoryTracker());
             NodeCursor others = cursors.allocateNodeCursor(kernel.cursorContext(), kernel.memoryTracker());
             RelationshipTraversalCursor relationships = cursors.allocateRelationshipTraversalCursor(
                 kernel.cursorContext(), kernel.memoryTracker())) {
            reader.nodeCursor = nodes;
            reader.otherCursor = others;
            reader.relationships = relationships;
            return reader.read(targets, hops);
        }
    }

    private ReceptiveField read(long[] targets, int hops) {
        for (long id : targets) {
            read.singleNode(id, nodeCursor);
            if (!nodeCursor.next()) {
                throw new IllegalArgumentException("Node " + id + " does not exist");
            }
            if (!hasLabel(nodeCursor)) {
                Node node = tx.getNodeById(id);
                throw new IllegalArgumentException("Model `" + scope.modelName() + "` was trained on nodes labelled "
                    + scope.nodeLabels() + ", but node " + id + " has the labels " + labelsOf(node)
                    + "; score nodes of the model's labels only");
            }
            add(id);
        }
        IntArrayBuilder sources = new IntArrayBuilder();
        IntArrayBuilder destinations = new IntArrayBuilder();
        int[] degrees = new int[Math.max(16, targets.length)];
        int layerStart = 0;
        int layerEnd = size;
        for (int hop = 1; hop <= hops; hop++) {
            for (int x = layerStart; x < layerEnd; x++) {
                degrees = grow(degrees, x + 1);
                if (scope.maxNeighbours() == 0) {
                    degrees[x] = expand(x, sources, destinations);
                    continue;
                }
                int count = neighbours(ids[x]);
                degrees[x] = count;
                for (int k = 0; k < count; k++) {
                    long w = neighbourBuffer[k];
                    int local = index.getIfAbsent(w, -1);
                    if (local < 0) {
                        local = add(w);
                    }
                    sources.add(local);
                    destinations.add(x);
                }
            }
            layerStart = layerEnd;
            layerEnd = size;
        }
        degrees = Arrays.copyOf(degrees, size);
        if (scope.frontierDegrees()) {
            for (int f = layerStart; f < size; f++) {
                degrees[f] = neighbours(ids[f]);
            }
        }
        return new ReceptiveField(Arrays.copyOf(ids, size), targets.length, layerStart, sources.toArray(),
            destinations.toArray(), degrees);
    }

    private int add(long id) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
        }
        ids[size] = id;
        index.put(id, size);
        return size++;
    }

    private static int[] grow(int[] array, int length) {
        return length <= array.length ? array : Arrays.copyOf(array, Math.max(length, array.length * 2));
    }

    /**
     * Adds a message to local node {@code x} from each of its distinct neighbours, which join the field
     * when they are new, and returns their number: one hash lookup per relationship, duplicates told
     * apart by the last expansion that saw them.
     */
    private int expand(int x, IntArrayBuilder sources, IntArrayBuilder destinations) {
        long id = ids[x];
        read.singleNode(id, nodeCursor);
        if (!nodeCursor.next()) {
            return 0;
        }
        int count = 0;
        nodeCursor.relationships(relationships, selection);
        while (relationships.next()) {
            long other = relationships.otherNodeReference();
            if (other == id) {
                continue;
            }
            int local = index.getIfAbsent(other, -1);
            if (local < 0) {
                if (!belongsOutside(other)) {
                    continue;
                }
                local = add(other);
            }
            seenBy = grow(seenBy, size);
            if (seenBy[local] == x + 1) {
                continue;
            }
            seenBy[local] = x + 1;
            sources.add(local);
            destinations.add(x);
            count++;
        }
        return count;
    }

    /**
     * Fills {@link #neighbourBuffer} with the distinct neighbours of a node that belong to the graph,
     * ascending (with a cap: the sample, ascending), and returns their number.
     */
    private int neighbours(long id) {
        int count = 0;
        read.singleNode(id, nodeCursor);
        if (!nodeCursor.next()) {
            return 0;
        }
        nodeCursor.relationships(relationships, selection);
        while (relationships.next()) {
            long other = relationships.otherNodeReference();
            if (other == id || !belongs(other)) {
                continue;
            }
            if (count == neighbourBuffer.length) {
                neighbourBuffer = Arrays.copyOf(neighbourBuffer, count * 2);
            }
            neighbourBuffer[count++] = other;
        }
        Arrays.sort(neighbourBuffer, 0, count);
        int distinct = 0;
        for (int k = 0; k < count; k++) {
            if (k == 0 || neighbourBuffer[k] != neighbourBuffer[k - 1]) {
                neighbourBuffer[distinct++] = neighbourBuffer[k];
            }
        }
        int cap = scope.maxNeighbours();
        if (cap > 0 && distinct > cap) {
            return sample(id, distinct, cap);
        }
        return distinct;
    }

    /**
     * Keeps the {@code cap} neighbours with the smallest seeded hash of (node, neighbour): a uniform
     * sample that depends on neither the relationship order nor the other nodes of the call.
     */
    private int sample(long id, int count, int cap) {
        long[] keyed = new long[count];
        long[] hashes = new long[count];
        Integer[] order = new Integer[count];
        for (int k = 0; k < count; k++) {
            hashes[k] = mix(scope.seed() ^ mix(id * 0x9E3779B97F4A7C15L + neighbourBuffer[k]));
            order[k] = k;
        }
        Arrays.sort(order, (a, b) -> Long.compare(hashes[a], hashes[b]));
        for (int k = 0; k < cap; k++) {
            keyed[k] = neighbourBuffer[order[k]];
        }
        Arrays.sort(keyed, 0, cap);
        System.arraycopy(keyed, 0, neighbourBuffer, 0, cap);
        return cap;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private boolean belongs(long other) {
        return anyLabel || index.containsKey(other) || belongsOutside(other);
    }

    /** Membership of a node not in the field (yet). */
    private boolean belongsOutside(long other) {
        if (anyLabel) {
            return true;
        }
        if (scope.knownMembers() != null && scope.knownMembers().test(other)) {
            return true;
        }
        byte known = outside.getIfAbsent(other, (byte) -1);
        if (known < 0) {
            read.singleNode(other, otherCursor);
            known = otherCursor.next() && hasLabel(otherCursor) ? (byte) 1 : (byte) 0;
            outside.put(other, known);
        }
        return known == 1;
    }

    private boolean hasLabel(NodeCursor node) {
        if (anyLabel) {
            return true;
        }
        for (int label : labels) {
            if (node.hasLabel(label)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> labelsOf(Node node) {
        return java.util.stream.StreamSupport.stream(node.getLabels().spliterator(), false).map(Label::name).sorted()
            .toList();
    }

    /**
     * The raw features of the given nodes, concatenated in property order, zeros dropped (as the GDS
     * adapter reads them); a node without them, or with another width, is an error that names it.
     *
     * @param scored whether a node is one of the call's targets (for the error message)
     */
    public static SparseFeatures features(Transaction tx, long[] neo4jIds, Scope scope, LongPredicate scored) {
        int n = neo4jIds.length;
        int[] offsets = new int[n + 1];
        IntArrayBuilder columns = new IntArrayBuilder();
        FloatArrayBuilder values = new FloatArrayBuilder();
        for (int i = 0; i < n; i++) {
            Node node = tx.getNodeById(neo4jIds[i]);
            String which = scored.test(neo4jIds[i]) ? "node " + neo4jIds[i]
                : "node " + neo4jIds[i] + " (a neighbour within two hops of the scored nodes)";
            int width = 0;
            for (String property : scope.featureProperties()) {
                Object value = node.getProperty(property, null);
                if (value == null) {
                    throw new IllegalArgumentException("Feature property `" + property + "` is missing on " + which
                        + "; model `" + scope.modelName() + "` needs " + scope.featureProperties() + " on every node of "
                        + "its labels");
                }
                width = append(value, width, columns, values, property, which);
            }
            if (width != scope.featureDimension()) {
                throw new IllegalArgumentException("Model `" + scope.modelName() + "` expects " + scope.featureDimension()
                    + " features from " + scope.featureProperties() + ", but " + which + " gives " + width
                    + "; every node needs the width the model was trained with");
            }
            offsets[i + 1] = columns.size();
        }
        return new SparseFeatures(n, scope.featureDimension(), offsets, columns.toArray(), values.toArray());
    }

    /** Appends one property's values at column {@code base}; returns the next base. */
    private static int append(Object value, int base, IntArrayBuilder columns, FloatArrayBuilder values, String property,
                              String which) {
        if (value instanceof float[] a) {
            for (int k = 0; k < a.length; k++) {
                put(a[k], base + k, columns, values, property, which);
            }
            return base + a.length;
        }
        if (value instanceof double[] a) {
            for (int k = 0; k < a.length; k++) {
                put(a[k], base + k, columns, values, property, which);
            }
            return base + a.length;
        }
        if (value instanceof long[] a) {
            for (int k = 0; k < a.length; k++) {
                put(a[k], base + k, columns, values, property, which);
            }
            return base + a.length;
        }
        if (value instanceof int[] a) {
            for (int k = 0; k < a.length; k++) {
                put(a[k], base + k, columns, values, property, which);
            }
            return base + a.length;
        }
        if (value instanceof short[] a) {
            for (int k = 0; k < a.length; k++) {
                put(a[k], base + k, columns, values, property, which);
            }
            return base + a.length;
        }
        if (value instanceof byte[] a) {
            for (int k = 0; k < a.length; k++) {
                put(a[k], base + k, columns, values, property, which);
            }
            return base + a.length;
        }
        if (value instanceof Number number) {
            put(number.doubleValue(), base, columns, values, property, which);
            return base + 1;
        }
        throw new IllegalArgumentException("Feature property `" + property + "` of " + which + " holds a "
            + value.getClass().getSimpleName() + "; features must be numbers or numeric arrays");
    }

    private static void put(double value, int column, IntArrayBuilder columns, FloatArrayBuilder values, String property,
                            String which) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("Feature property `" + property + "` of " + which + " holds " + value
                + "; features must be finite numbers");
        }
        if (value != 0) {
            columns.add(column);
            values.add((float) value);
        }
    }
}
