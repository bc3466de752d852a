package org.graphsha.nn;

/**
 * Shape of a two-layer encoder. Defaults follow the reference code: 64 hidden units, dropout 0.5
 * between the layers, GAT with 4 heads in layer 1, GCN with mean normalisation.
 */
public record ModelSpec(BackboneKind kind, int hidden, int heads, float dropout, GcnNormalization gcnNormalization) {

    public ModelSpec {
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
        return new ModelSpec(kind, hidden, h, dropout, gcnNormalization);
    }

    public ModelSpec withDropout(float p) {
        return new ModelSpec(kind, hidden, heads, p, gcnNormalization);
    }

    public ModelSpec withGcnNormalization(GcnNormalization norm) {
        return new ModelSpec(kind, hidden, heads, dropout, norm);
    }
}
