package org.graphsha.training.augment;

import java.util.SplittableRandom;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.MeanNodeBatch;

import ai.djl.ndarray.NDArray;

/**
 * An option that changes every training step of a run from the model's own last predictions: self-training's
 * pseudo-labels ({@link SelfTrainingOptions}, docs/algorithm.md §10.1) and BAT's virtual class nodes
 * ({@link VirtualClassNodes}, §10.3). The trainer prepares the enabled ones once per run; before each step each
 * looks at the last eval forward, then adds nodes and links to the step's graph and loss rows, a term to its
 * loss, or both. Evaluation, model selection and prediction run on the original graph without them.
 *
 * <p>A method lists the augmentations its step takes ({@code method.Method#augmentations}); a step that takes
 * none says so once ({@code training.loop.TrainingStep#refusesAugmentations}). A new augmentation is a class implementing this,
 * one entry in that list and its key in {@code config.TrainKeys}.
 */
public interface EpochAugmentation {

    /** Whether its key turns it on; one that is off is not prepared and changes nothing. */
    boolean enabled();

    /** The same option as it acts once its warm-up is over, for timing a run's typical epoch. */
    default EpochAugmentation steadyState() {
        return this;
    }

    /** The run's state, prepared once per run before the first epoch. */
    Epochs prepare(GraphSnapshot graph);

    /** One run's state of an augmentation: what it adds to each step. */
    interface Epochs {

        /**
         * Before each step, from the eval-mode logits (N x C, row-major) of the parameters the step starts from and
         * their predicted classes. Draws from {@code random} only what it adds, so that a run without it draws
         * nothing more.
         */
        void beforeStep(int epoch, float[] evalLogits, int[] predictions, SplittableRandom random);

        /** This epoch's added nodes and links, which follow the synthetic rows in the step's graph and loss rows. */
        default MeanNodeBatch nodes() {
            return MeanNodeBatch.EMPTY;
        }

        /** This epoch's term added to the step's loss, from its training-mode logits; null adds nothing. */
        default NDArray loss(NDArray logits) {
            return null;
        }
    }
}
