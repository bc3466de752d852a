package org.graphsha.graph;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a model's training graph was made of, in database terms: the Neo4j labels whose nodes it held
 * and the relationship types that connected them, as the GDS projection read them. It lets a model
 * read the same graph straight from the database ({@code graphsha.predict.nodes}).
 *
 * <p>Orientation is kept for the record only: graphsha turns every projection into one undirected
 * edge per connected pair (docs/procedures.md), so NATURAL, REVERSE and UNDIRECTED projections of the
 * same relationships give the model the same graph.
 *
 * @param nodeLabels        Neo4j labels; a node belongs when it has any of them. Empty: every node.
 * @param relationshipTypes Neo4j relationship types. Empty: every type.
 * @param orientations      per relationship type, the projection's orientation (NATURAL, REVERSE, UNDIRECTED)
 * @param nativeProjection  whether the projection was native (labels and types are the store's); a Cypher
 *                          projection's labels and types are taken as Neo4j names, which holds when the
 *                          projection query passed {@code labels(n)} and {@code type(r)}
 */
public record ProjectionSchema(List<String> nodeLabels, List<String> relationshipTypes,
                               Map<String, String> orientations, boolean nativeProjection) {

    public ProjectionSchema {
        nodeLabels = List.copyOf(nodeLabels);
        relationshipTypes = List.copyOf(relationshipTypes);
        orientations = Collections.unmodifiableMap(new TreeMap<>(orientations));
    }

    public boolean allLabels() {
        return nodeLabels.isEmpty();
    }

    public boolean allTypes() {
        return relationshipTypes.isEmpty();
    }
}
