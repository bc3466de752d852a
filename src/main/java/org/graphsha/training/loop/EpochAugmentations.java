package org.graphsha.training.loop;

import java.util.List;
import java.util.SplittableRandom;
import org.graphsha.training.augment.EpochAugmentation;
import org.graphsha.training.augment.SelfTraining;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.MeanNodeBatch;

import ai.djl.ndarray.NDArray;

/**
 * The enabled {@link EpochAugmentation}s of one run, prepared, applied in the order the options list them: their
 * draws, their nodes and their loss terms follow that order.
 */
final class EpochAugmentations {

    private final List<EpochAugmentation.Epochs> active;
    private MeanNodeBatch nodes = MeanNodeBatch.EMPTY;

    private EpochAugmentations(List<EpochAugmentation.Epochs> active) {
        this.active = active;
    }

    /**
     * Prepares the enabled augmentations for a run of {@code step}.
     *
     * @throws IllegalArgumentException when one is enabled and the step takes none
     */
    static EpochAugmentations prepare(GraphSnapshot graph, List<EpochAugmentation> augmentations, TrainingStep step) {
        List<EpochAugmentation> enabled = augmentations.stream().filter(EpochAugmentation::enabled).toList();
        String refusal = step.refusesAugmentations();
        if (!enabled.isEmpty() && refusal != null) {
            throw new IllegalArgumentException(refusal + ", so it takes no per-epoch augmentation, but " + enabled
                + " is on; turn it off or train with the step every other method shares");
        }
        return new EpochAugmentations(enabled.stream().map(a -> a.prepare(graph)).toList());
    }

    boolean isEmpty() {
        return active.isEmpty();
    }

    /** Hands each augmentation the last eval forward before the epoch's step. */
    void beforeStep(int epoch, float[] evalLogits, int[] predictions, SplittableRandom random) {
        MeanNodeBatch added = MeanNodeBatch.EMPTY;
        for (EpochAugmentation.Epochs augmentation : active) {
            augmentation.beforeStep(epoch, evalLogits, predictions, random);
            added = added.followedBy(augmentation.nodes());
        }
        nodes = added;
    }

    /** The epoch's added nodes and links of every augmentation, one after the other. */
    MeanNodeBatch nodes() {
        return nodes;
    }

    /** {@code loss} plus each augmentation's term on the step's training-mode logits. */
    NDArray addTo(NDArray loss, NDArray logits) {
        NDArray total = loss;
        for (EpochAugmentation.Epochs augmentation : active) {
            NDArray term = augmentation.loss(logits);
            if (term != null) {
                total = total.add(term);
            }
        }
        return total;
    }

    /**
     * This epoch's self-training, or null without: a step that scores only the rows its losses read (the sign
     * backbone's) asks for the pseudo-labelled rows and their term by row.
     */
    SelfTraining selfTraining() {
        for (EpochAugmentation.Epochs augmentation : active) {
            if (augmentation instanceof SelfTraining selfTraining) {
                return selfTraining;
            }
        }
        return null;
    }
}
