package org.graphsha.gds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.graphsha.graph.ProjectionSchema;
import org.neo4j.gds.ElementProjection;
import org.neo4j.gds.NodeLabel;
import org.neo4j.gds.NodeProjection;
import org.neo4j.gds.RelationshipProjection;
import org.neo4j.gds.RelationshipType;
import org.neo4j.gds.api.GraphStore;
import org.neo4j.gds.config.GraphProjectConfig;
import org.neo4j.gds.core.loading.GraphStoreCatalog;
import org.neo4j.gds.core.loading.GraphStoreCatalogEntry;
import org.neo4j.gds.projection.GraphProjectFromStoreConfig;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.impl.coreapi.InternalTransaction;

/**
 * The database view of a projection that a model is trained on: which Neo4j labels and relationship
 * types the selected GDS labels and types stand for. A native projection says so in its
 * configuration ({@code {Foo: {label: 'Paper'}}} reads :Paper); a Cypher projection's names are taken
 * as they are. The graph is looked up as GDS does for the caller of {@code tx}: by its executing user.
 */
public final class ProjectionSchemas {

    private static final String ALL_NODES = NodeLabel.ALL_NODES.name();
    private static final String ALL_RELATIONSHIPS = RelationshipType.ALL_RELATIONSHIPS.name();

    private ProjectionSchemas() {}

    /**
     * @param nodeLabels        the GDS labels the model reads, empty for all of the projection's
     * @param relationshipTypes the GDS types the model reads, empty for all of the projection's
     */
    public static ProjectionSchema of(Transaction tx, String graphName, List<String> nodeLabels,
                                      List<String> relationshipTypes) {
        InternalTransaction internal = (InternalTransaction) tx;
        return of(GraphStoreCatalog.get(internal.securityContext().subject().executingUser(),
            internal.getDatabaseName(), graphName), nodeLabels, relationshipTypes);
    }

    static ProjectionSchema of(GraphStoreCatalogEntry entry, List<String> nodeLabels, List<String> relationshipTypes) {
        GraphStore store = entry.graphStore();
        List<String> labels = nodeLabels.isEmpty()
            ? store.nodeLabels().stream().map(NodeLabel::name).sorted().toList() : nodeLabels;
        List<String> types = relationshipTypes.isEmpty()
            ? store.relationshipTypes().stream().map(RelationshipType::name).sorted().toList() : relationshipTypes;
        GraphProjectConfig config = entry.config();
        if (config instanceof GraphProjectFromStoreConfig fromStore) {
            return fromNative(fromStore, labels, types);
        }
        Map<String, String> orientations = new LinkedHashMap<>();
        for (String type : types) {
            orientations.put(type, store.schema().relationshipSchema().isUndirected(RelationshipType.of(type))
                ? "UNDIRECTED" : "NATURAL");
        }
        return new ProjectionSchema(labels.contains(ALL_NODES) ? List.of() : labels,
            types.contains(ALL_RELATIONSHIPS) ? List.of() : types, orientations, false);
    }

    private static ProjectionSchema fromNative(GraphProjectFromStoreConfig config, List<String> labels, List<String> types) {
        Set<String> neo4jLabels = new LinkedHashSet<>();
        boolean anyNode = false;
        for (String label : labels) {
            NodeProjection projection = config.nodeProjections().projections().get(NodeLabel.of(label));
            if (projection == null || projection.projectAll()) {
                anyNode |= projection != null || ALL_NODES.equals(label);
                if (projection == null && !ALL_NODES.equals(label)) {
                    neo4jLabels.add(label);
                }
            } else {
                neo4jLabels.add(projection.label());
            }
        }
        Set<String> neo4jTypes = new LinkedHashSet<>();
        boolean anyType = false;
        Map<String, String> orientations = new LinkedHashMap<>();
        for (String type : types) {
            RelationshipProjection projection = config.relationshipProjections().projections()
                .get(RelationshipType.of(type));
            if (projection == null) {
                neo4jTypes.add(type);
                continue;
            }
            String name = projection.projectAll() ? ElementProjection.PROJECT_ALL : projection.type();
            orientations.merge(name, projection.orientation().name(), (a, b) -> a.equals(b) ? a : a + "," + b);
            if (projection.projectAll()) {
                anyType = true;
            } else {
                neo4jTypes.add(projection.type());
            }
        }
        return new ProjectionSchema(anyNode ? List.of() : new ArrayList<>(neo4jLabels),
            anyType ? List.of() : new ArrayList<>(neo4jTypes), orientations, true);
    }
}
