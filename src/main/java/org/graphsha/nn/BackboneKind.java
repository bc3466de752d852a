package org.graphsha.nn;

import java.util.Locale;
import java.util.function.Function;

/**
 * The encoders of docs/algorithm.md §2, each with the class that implements it. This is the one place a
 * backbone is registered: everything else about it (its engine and row forwards, its graph operators,
 * its memory terms, what it depends on) lives in its own class and is asked of a {@link Backbone}.
 */
public enum BackboneKind {
    GCN(Gcn::new), GAT(Gat::new), SAGE(Sage::new), SIGN(Sign::new);

    private final Function<ModelSpec, Backbone> factory;

    BackboneKind(Function<ModelSpec, Backbone> factory) {
        this.factory = factory;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The backbone of a spec of this kind. */
    public Backbone create(ModelSpec spec) {
        if (spec.kind() != this) {
            throw new IllegalArgumentException("a " + spec.kind().id() + " spec given to " + id());
        }
        return factory.apply(spec);
    }

    /** {@link Backbone#hasRootWeight()} of this kind, which its shape does not change. */
    public boolean hasRootWeight() {
        return create(ModelSpec.defaults(this)).hasRootWeight();
    }
}
