package org.graphsha.nn;

import java.util.List;

/**
 * The eval-mode forward pass of a backbone for a few target rows, in plain Java, from the first layer's
 * X·W rows of their receptive field: the same arithmetic as the engine's sparse products (the same float
 * edge weights, the same self-loops), but only the rows the targets need: layer 1 on the targets and
 * their neighbours, layer 2 on the targets. A receptive field of a node or a few is far smaller than the
 * graph, and this costs a few microseconds per message instead of an engine session (and takes no engine
 * lock, so it never waits for a training run). Each backbone computes its own rows
 * ({@link Backbone#hiddenRows}, {@link Backbone#outputRows}); this class only lays out the field.
 *
 * <p>Nodes are local positions: the targets are {@code 0 .. targets-1}, the nodes that receive all
 * their messages are {@code 0 .. expanded-1} (targets first), the rest only send.
 */
public final class FieldForward {

    private FieldForward() {}

    /**
     * @param inOffsets  for node u below {@code expanded}, its incoming messages come from
     *                   {@code inSources[inOffsets[u] .. inOffsets[u+1]-1]}
     * @param degrees    per node, its degree d (the self-loop excluded), for backbones that weigh by it
     * @param projection row-major n x width first-layer rows X·W (width: the first weight's columns)
     * @return row-major targets x C logits
     */
    public static float[] logits(ModelSpec spec, List<Tensor> parameters, int targets, int expanded, int[] inOffsets,
                                 int[] inSources, int[] degrees, float[] projection) {
        float[] hidden = hidden(spec, parameters, expanded, inOffsets, inSources, degrees, projection);
        return output(spec, parameters, targets, inOffsets, inSources, degrees, hidden);
    }

    /**
     * Layer 1 with its activation for nodes {@code 0 .. count-1}, which receive all their messages.
     *
     * @return row-major count x hidden
     */
    public static float[] hidden(ModelSpec spec, List<Tensor> parameters, int count, int[] inOffsets, int[] inSources,
                                 int[] degrees, float[] projection) {
        return spec.backbone().hiddenRows(parameters, new FieldGraph(count, inOffsets, inSources, degrees), projection);
    }

    /**
     * Layer 2 for the targets {@code 0 .. targets-1}, from the activated layer-1 rows of the targets and of
     * every node that sends them a message.
     *
     * @param degrees the degrees of the targets and of their senders
     * @param hidden  row-major layer-1 rows, by local node
     * @return row-major targets x C logits
     */
    public static float[] output(ModelSpec spec, List<Tensor> parameters, int targets, int[] inOffsets, int[] inSources,
                                 int[] degrees, float[] hidden) {
        return spec.backbone().outputRows(parameters, new FieldGraph(targets, inOffsets, inSources, degrees), hidden);
    }
}
