package org.graphsha.training.loop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.graphsha.training.augment.EpochAugmentation;
import org.graphsha.training.losses.LossKind;
import org.graphsha.training.optim.Adam;
import org.graphsha.training.selection.SelectionTieBreak;
import org.graphsha.training.selection.EarlyStopping;
import org.graphsha.training.selection.SelectionWindow;

import io.soabase.recordbuilder.core.RecordBuilder;

import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.Engines.DeviceChoice;
import org.graphsha.nn.ModelSpec;

/**
 * Everything one training run needs besides the graph. Defaults are the reference settings
 * (docs/algorithm.md §3, §5): 900 epochs, Adam lr 0.01, weight decay 5e-4 on layer 1, seed 100,
 * CB β 0.999, focal γ 2, one engine thread, the first of equally scored epochs each scored alone, no
 * per-epoch augmentation (self-training, virtual class nodes), every epoch trained, the method's own loss.
 *
 * @param threads       PyTorch intra-op threads of this run (capped at the machine's cores when applied)
 * @param augmentations per-epoch augmentations, at most one of each kind, applied in this order; the ones that
 *                      are off change nothing
 * @param earlyStopping GDS's patience and tolerance; {@link EarlyStopping#OFF} trains every epoch
 * @param lossWeights   GDS's classWeights and focusWeight; {@link LossWeights#NONE} leaves the method's loss as it is
 */
@RecordBuilder
public record TrainerOptions(
    ModelSpec model,
    LossKind loss,
    int epochs,
    double learningRate,
    double weightDecay,
    long seed,
    DeviceChoice device,
    int threads,
    FeatureMode featureMode,
    double cbBeta,
    float focalGamma,
    SelectionTieBreak tieBreak,
    SelectionWindow selectionWindow,
    List<EpochAugmentation> augmentations,
    EarlyStopping earlyStopping,
    LossWeights lossWeights
) implements TrainerOptionsBuilder.With {
    public TrainerOptions {
        if (epochs <= 0) {
            throw new IllegalArgumentException("epochs must be positive, but was " + epochs);
        }
        if (!(learningRate > 0)) {
            throw new IllegalArgumentException("learningRate must be positive, but was " + learningRate);
        }
        if (!(weightDecay >= 0)) {
            throw new IllegalArgumentException("weightDecay must be >= 0, but was " + weightDecay);
        }
        if (selectionWindow == null) {
            throw new IllegalArgumentException("selectionWindow must be given");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, but was " + threads);
        }
        if (earlyStopping == null || lossWeights == null) {
            throw new IllegalArgumentException("earlyStopping and lossWeights must be given (OFF and NONE turn them off)");
        }
        augmentations = List.copyOf(augmentations);
        if (augmentations.stream().map(TrainerOptions::kind).distinct().count() < augmentations.size()) {
            throw new IllegalArgumentException("each per-epoch augmentation may be given once, but was given as "
                + augmentations);
        }
    }

    public static TrainerOptions defaults(BackboneKind backbone) {
        return new TrainerOptions(ModelSpec.defaults(backbone), LossKind.VANILLA, 900, 0.01, 5e-4, 100,
            DeviceChoice.CPU, 1, FeatureMode.AUTO, 0.999, 2f,
            SelectionTieBreak.FIRST, SelectionWindow.SINGLE_EPOCH, List.of(), EarlyStopping.OFF, LossWeights.NONE);
    }

    /** The augmentation of this kind among {@link #augmentations}, if given. */
    public <A extends EpochAugmentation> Optional<A> augmentation(Class<A> kind) {
        return augmentations.stream().filter(kind::isInstance).map(kind::cast).findFirst();
    }

    /** These options with {@code augmentation} in place of the one of its kind, or after the others. */
    public TrainerOptions withAugmentation(EpochAugmentation augmentation) {
        List<EpochAugmentation> list = new ArrayList<>(augmentations);
        int at = list.stream().map(TrainerOptions::kind).toList().indexOf(kind(augmentation));
        if (at < 0) {
            list.add(augmentation);
        } else {
            list.set(at, augmentation);
        }
        return withAugmentations(list);
    }

    private static Class<?> kind(EpochAugmentation augmentation) {
        return augmentation instanceof Enum<?> e ? e.getDeclaringClass() : augmentation.getClass();
    }

    /**
     * GDS's imbalance keys on the cross-entropy of the methods that train with it: each row's term is multiplied by
     * its class's weight and by the focal factor (1 − p)^focusWeight, p the row's probability of its class, and the
     * sum divided by the rows (GDS's mean).
     *
     * @param classWeights one weight per class in class order (the sorted class values), or null for all 1
     */
    public record LossWeights(double[] classWeights, float focusWeight) {
        public static final LossWeights NONE = new LossWeights(null, 0f);

        public LossWeights {
            if (classWeights != null) {
                classWeights = classWeights.clone();
                boolean anyPositive = false;
                for (double w : classWeights) {
                    if (!(w >= 0) || Double.isInfinite(w)) {
                        throw new IllegalArgumentException("classWeights: " + Arrays.toString(classWeights)
                            + " holds " + w + "; give one finite weight >= 0 per class");
                    }
                    anyPositive |= w > 0;
                }
                if (!anyPositive) {
                    throw new IllegalArgumentException("classWeights: " + Arrays.toString(classWeights)
                        + " weighs every class 0, so nothing would be learned; give at least one class a positive weight");
                }
            }
            if (!(focusWeight >= 0) || Float.isInfinite(focusWeight)) {
                throw new IllegalArgumentException("focusWeight must be a finite number >= 0, but was " + focusWeight);
            }
        }

        /** Whether the loss differs from plain cross-entropy. */
        public boolean enabled() {
            return classWeights != null || focusWeight != 0f;
        }

        @Override
        public double[] classWeights() {
            return classWeights == null ? null : classWeights.clone();
        }

        /**
         * Refuses, before any training, weights of another count than the target's classes.
         *
         * @param classValues the target's classes in index order
         */
        public void requireFits(Object[] classValues) {
            if (classWeights != null && classWeights.length != classValues.length) {
                throw new IllegalArgumentException("classWeights: " + Arrays.toString(classWeights) + " has "
                    + classWeights.length + " numbers, but the target has " + classValues.length + " classes "
                    + Arrays.toString(classValues) + "; give one weight per class, in this order");
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof LossWeights other && Arrays.equals(classWeights, other.classWeights)
                && Float.compare(focusWeight, other.focusWeight) == 0;
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(classWeights) + Float.hashCode(focusWeight);
        }

        @Override
        public String toString() {
            return "LossWeights[classWeights=" + Arrays.toString(classWeights) + ", focusWeight=" + focusWeight + "]";
        }
    }
}
