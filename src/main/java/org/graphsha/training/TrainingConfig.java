package org.graphsha.training;

import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.Engines.DeviceChoice;
import org.graphsha.nn.ModelSpec;

/**
 * Everything one training run needs besides the graph. Defaults are the reference settings
 * (ALGORITHM.md §3, §5): 900 epochs, Adam lr 0.01, weight decay 5e-4 on layer 1, seed 100,
 * CB β 0.999, focal γ 2.
 */
public record TrainingConfig(
    ModelSpec model,
    Method method,
    int epochs,
    double learningRate,
    double weightDecay,
    long seed,
    DeviceChoice device,
    FeatureMode featureMode,
    double cbBeta,
    float focalGamma
) {
    public TrainingConfig {
        if (epochs <= 0) {
            throw new IllegalArgumentException("epochs must be positive, but was " + epochs);
        }
        if (!(learningRate > 0)) {
            throw new IllegalArgumentException("learningRate must be positive, but was " + learningRate);
        }
        if (!(weightDecay >= 0)) {
            throw new IllegalArgumentException("weightDecay must be >= 0, but was " + weightDecay);
        }
    }

    public static TrainingConfig defaults(BackboneKind backbone) {
        return new TrainingConfig(ModelSpec.defaults(backbone), Method.VANILLA, 900, 0.01, 5e-4, 100,
            DeviceChoice.CPU, FeatureMode.AUTO, 0.999, 2f);
    }

    public TrainingConfig withMethod(Method m) {
        return new TrainingConfig(model, m, epochs, learningRate, weightDecay, seed, device, featureMode, cbBeta, focalGamma);
    }

    public TrainingConfig withEpochs(int e) {
        return new TrainingConfig(model, method, e, learningRate, weightDecay, seed, device, featureMode, cbBeta, focalGamma);
    }

    public TrainingConfig withSeed(long s) {
        return new TrainingConfig(model, method, epochs, learningRate, weightDecay, s, device, featureMode, cbBeta, focalGamma);
    }

    public TrainingConfig withFeatureMode(FeatureMode f) {
        return new TrainingConfig(model, method, epochs, learningRate, weightDecay, seed, device, f, cbBeta, focalGamma);
    }

    public TrainingConfig withModel(ModelSpec m) {
        return new TrainingConfig(m, method, epochs, learningRate, weightDecay, seed, device, featureMode, cbBeta, focalGamma);
    }
}
