package org.graphsha.nn;

/**
 * The message edges of a receptive field for one layer of a row forward ({@link Backbone#hiddenRows},
 * {@link Backbone#outputRows}). Nodes are local positions; nodes {@code 0 .. receivers-1} receive all
 * their messages, from {@code sources[offsets[u] .. offsets[u+1]-1]}; the others only send.
 *
 * @param degrees per node, its degree d in the whole graph (the self-loop excluded), for backbones that
 *                weigh messages by it; frontier nodes carry theirs only when the backbone
 *                {@linkplain Backbone#needsNeighbourDegrees() needs neighbour degrees}
 */
public record FieldGraph(int receivers, int[] offsets, int[] sources, int[] degrees) {}
