package org.graphsha.nn;

/**
 * Shape of a two-layer encoder. Defaults follow the reference code: 64 hidden units, dropout 0.5
 * between the layers, GAT with 4 heads in layer 1, GCN with mean normalisation. {@code hops} is the K of
 * the sign backbone's precomputed Â^k X, k = 0..K; the message-passing backbones ignore it.
 */
public record ModelSpec(BackboneKind kind, int hidden, int heads, float dropout, GcnNormalization gcnNormalization,
                        int hops) {

    public static final int DEFAULT_HOPS = 2;
    public static final int MAX_HOPS = 8;

    /** A spec with the default number of hops. */
    public ModelSpec(BackboneKind kind, int hidden, int heads, float dropout, GcnNormalization gcnNormalization) {
        this(kind, hidden, heads, dropout, gcnNormalization, DEFAULT_HOPS);
    }

    public ModelSpec {
        if (hops < 0 || hops > MAX_HOPS) {
            throw new IllegalArgumentException("hops must be in 0.." + MAX_HOPS + ", but was " + hops);
        }
        if (hidden <= 0) {
            throw new IllegalArgumentException("hidden must be positive, but was " + hidden);
        }
        if (heads <= 0 || hidden % heads != 0) {
            throw new IllegalArgumentException("heads must divide hidden (" + hidden + "), but was " + heads);
        }
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException("dropout must be in [0, 1), but was " + dropout);
        }
    }

    /** The backbone this spec describes. */
    public Backbone backbone() {
        return kind.create(this);
    }

    public static ModelSpec defaults(BackboneKind kind) {
        return new ModelSpec(kind, 64, 4, 0.5f, GcnNormalization.MEAN);
    }

    public ModelSpec withHeads(int h) {
        return new ModelSpec(kind, hidden, h, dropout, gcnNormalization, hops);
    }

    public ModelSpec withDropout(float p) {
        return new ModelSpec(kind, hidden, heads, p, gcnNormalization, hops);
    }

    public ModelSpec withGcnNormalization(GcnNormalization norm) {
        return new ModelSpec(kind, hidden, heads, dropout, norm, hops);
    }

    public ModelSpec withHops(int k) {
        return new ModelSpec(kind, hidden, heads, dropout, gcnNormalization, k);
    }
}
