package org.graphsha.store.read;

import java.util.Collection;

import org.neo4j.graphdb.Entity;
import org.neo4j.graphdb.Node;

/** The nodes a Cypher caller names: a node, a node id, or a list of either (as {@code MATCH} and {@code collect} give them). */
public final class NodeIds {

    private NodeIds() {}

    public static long[] of(Object nodes) {
        if (nodes instanceof Collection<?> list) {
            long[] ids = new long[list.size()];
            int i = 0;
            for (Object item : list) {
                ids[i++] = one(item);
            }
            return ids;
        }
        return new long[] {one(nodes)};
    }

    @SuppressWarnings("deprecation")
    private static long one(Object item) {
        if (item instanceof Node node) {
            return node.getId();
        }
        if (item instanceof Long || item instanceof Integer) {
            return ((Number) item).longValue();
        }
        String what = item == null ? "null" : item instanceof Entity ? "a relationship" : item.getClass().getSimpleName();
        throw new IllegalArgumentException("`nodes` must be a node, a node id or a list of them, but holds " + what);
    }
}
