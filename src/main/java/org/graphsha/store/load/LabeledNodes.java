package org.graphsha.store.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.graphsha.graph.ClassIndex;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.PublicSplit;
import org.neo4j.graphdb.Direction;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.RelationshipType;
import org.neo4j.graphdb.Transaction;

/**
 * The nodes of one label as the split algorithms see them: a stable node order, class indices
 * (-1 where the target is missing), the public split and, when asked for, the undirected edges
 * between them.
 */
public record LabeledNodes(List<Node> nodes, int[] classes, ClassIndex classIndex, PublicSplit[] publicSplit, EdgeList edges) {

    public static LabeledNodes read(Transaction tx, String label, String targetProperty, String publicSplitProperty,
                                    String orderProperty, String relationshipType) {
        List<Node> nodes = orderedNodes(tx, label, orderProperty);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("No nodes with label `" + label + "` found; check nodeLabel or load a "
                + "dataset first with graphsha.dataset.load");
        }
        List<Object> values = new ArrayList<>();
        for (Node node : nodes) {
            values.add(classValue(node, targetProperty));
        }
        List<Object> present = values.stream().filter(v -> v != null).toList();
        if (present.isEmpty()) {
            throw new IllegalArgumentException("targetProperty `" + targetProperty + "` is not set on any node with label `"
                + label + "`; check the property name");
        }
        ClassIndex index = ClassIndex.of(present);
        int[] classes = values.stream().mapToInt(v -> v == null ? -1 : index.indexOf(v)).toArray();
        PublicSplit[] splits = nodes.stream().map(n -> publicSplit(n, publicSplitProperty)).toArray(PublicSplit[]::new);
        EdgeList edges = relationshipType == null ? new EdgeList(new int[0], new int[0]) : edges(nodes, relationshipType);
        return new LabeledNodes(nodes, classes, index, splits, edges);
    }

    private static List<Node> orderedNodes(Transaction tx, String label, String orderProperty) {
        List<Node> nodes = new ArrayList<>();
        try (var found = tx.findNodes(Label.label(label))) {
            found.forEachRemaining(nodes::add);
        }
        long withOrder = nodes.stream().filter(n -> n.hasProperty(orderProperty)).count();
        if (withOrder == 0) {
            nodes.sort(Comparator.comparingLong(Node::getId));
        } else if (withOrder < nodes.size()) {
            throw new IllegalArgumentException("orderProperty `" + orderProperty + "` is set on only " + withOrder + " of "
                + nodes.size() + " nodes with label `" + label + "`; set it on every node, or name a property "
                + "that no node has to order by internal id");
        } else {
            nodes.sort(Comparator.comparingLong(n -> orderKey(n, orderProperty)));
        }
        return nodes;
    }

    private static long orderKey(Node node, String orderProperty) {
        Object value = node.getProperty(orderProperty);
        if (!(value instanceof Number number)) {
            throw new IllegalArgumentException("orderProperty `" + orderProperty + "` must be an integer, but node "
                + node.getElementId() + " has " + value);
        }
        return number.longValue();
    }

    private static Object classValue(Node node, String targetProperty) {
        Object value = node.getProperty(targetProperty, null);
        Object normalized = ClassIndex.classValue(value);
        if (value == null || normalized != null) {
            return normalized;
        }
        throw new IllegalArgumentException("targetProperty `" + targetProperty + "` must hold integers, booleans or strings, but node "
            + node.getElementId() + " has " + value + " (" + value.getClass().getSimpleName() + ")");
    }

    private static PublicSplit publicSplit(Node node, String property) {
        if (property == null) {
            return PublicSplit.NONE;
        }
        Object value = node.getProperty(property, null);
        if (value == null) {
            return PublicSplit.NONE;
        }
        try {
            return PublicSplit.parse(String.valueOf(value).toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("publicSplitProperty `" + property + "` has value `" + value + "` on node "
                + node.getElementId() + "; expected train, val, test or none");
        }
    }

    private static EdgeList edges(List<Node> nodes, String relationshipType) {
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            position.put(nodes.get(i).getElementId(), i);
        }
        RelationshipType type = RelationshipType.withName(relationshipType);
        // A user's graph may hold both directions of one edge; the split counts each undirected edge once.
        Set<Long> seen = new HashSet<>();
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            try (var relationships = nodes.get(i).getRelationships(Direction.OUTGOING, type)) {
                for (Relationship r : relationships) {
                    Integer other = position.get(r.getEndNode().getElementId());
                    if (other != null && other != i
                        && seen.add(((long) Math.min(i, other) << 32) | Math.max(i, other))) {
                        pairs.add(new int[] {i, other});
                    }
                }
            }
        }
        return new EdgeList(pairs.stream().mapToInt(p -> p[0]).toArray(), pairs.stream().mapToInt(p -> p[1]).toArray());
    }

    /** The class value of index {@code c}, in the target's own type. */
    public Object classValue(int c) {
        return classIndex.value(c);
    }
}
