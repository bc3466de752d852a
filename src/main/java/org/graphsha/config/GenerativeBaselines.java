package org.graphsha.config;

import org.graphsha.config.TrainConfig.TrainMethod;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.synthesis.EnsOptions;
import org.graphsha.synthesis.EnsSynthesizer;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.training.LossAdjustment;
import org.graphsha.training.TamAdjustment;
import org.graphsha.training.TamOptions;

/**
 * The training parts of GraphENS and TAM for a train method, so that {@code graphsha.train} and
 * {@code bench} build them the same way. Each run needs fresh ones (GraphENS keeps the last step's
 * saliency). Their settings are the papers' (ALGORITHM.md §5) and are not configuration keys.
 */
public final class GenerativeBaselines {

    private GenerativeBaselines() {}

    /** GraphENS's synthesizer for graphEns and tam, else null. */
    public static Synthesizer synthesizer(TrainMethod method, GraphSnapshot snapshot) {
        return switch (method) {
            case GRAPH_ENS -> new EnsSynthesizer(snapshot, EnsOptions.graphEns());
            case TAM -> new EnsSynthesizer(snapshot, EnsOptions.underTam());
            default -> null;
        };
    }

    /** TAM's logit adjustment for tam and tamRenode, else null. */
    public static LossAdjustment adjustment(TrainMethod method, GraphSnapshot snapshot) {
        return method.tamAdjustment() ? new TamAdjustment(snapshot, TamOptions.defaults()) : null;
    }
}
