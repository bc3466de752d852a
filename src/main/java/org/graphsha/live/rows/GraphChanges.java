package org.graphsha.live.rows;

import java.util.Map;
import java.util.function.LongFunction;

/**
 * What one committed transaction changed about nodes, for caches of per-node values computed from the
 * graph: node ids by written or removed property key, by added or removed label, relationship endpoints
 * by type (pairs, one after the other), and deleted nodes.
 *
 * @param neighbours the distinct neighbours of a node over every relationship type, as committed; only
 *                   valid during the callback that receives this
 */
public record GraphChanges(Map<String, long[]> byProperty, Map<String, long[]> byLabel,
                           Map<String, long[]> relationshipEnds, long[] deleted, LongFunction<long[]> neighbours) {}
