package org.graphsha.training;

import io.soabase.recordbuilder.core.RecordBuilder;

import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.Engines.DeviceChoice;
import org.graphsha.nn.ModelSpec;

/**
 * Everything one training run needs besides the graph. Defaults are the reference settings
 * (docs/algorithm.md §3, §5): 900 epochs, Adam lr 0.01, weight decay 5e-4 on layer 1, seed 100,
 * CB β 0.999, focal γ 2, one engine thread, the first of equally scored epochs each scored alone, no
 * self-training and no virtual class nodes.
 *
 * @param threads PyTorch intra-op threads of this run (capped at the machine's cores when applied)
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
    SelfTrainingOptions selfTraining,
    VirtualClassNodes virtualClassNodes
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
    }

    public static TrainerOptions defaults(BackboneKind backbone) {
        return new TrainerOptions(ModelSpec.defaults(backbone), LossKind.VANILLA, 900, 0.01, 5e-4, 100,
            DeviceChoice.CPU, 1, FeatureMode.AUTO, 0.999, 2f,
            SelectionTieBreak.FIRST, SelectionWindow.SINGLE_EPOCH, SelfTrainingOptions.OFF, VirtualClassNodes.NONE);
    }

}
