package org.graphsha.live.rows;

import java.util.List;

/**
 * The graph that cached rows were computed on: one database's nodes of the labels, connected by the
 * relationships of the types (empty: all). A model that recorded its projection always reads the same
 * graph; one stored before projections were recorded reads the labels and types of each call, and rows
 * computed on one such graph are no answer on another (membership, neighbours, degrees).
 *
 * @param database the database's key while it is watched for changes, not its name: a database created
 *                 anew under the same name never shares rows
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
