package org.graphsha.training.loop;

import java.util.Arrays;
import java.util.List;

import org.graphsha.evaluation.Evaluation;

/**
 * Outcome of a run, taken at the selected epoch (highest (val acc + val macro-F1)/2, first wins).
 *
 * @param predictions   predicted class of every node (N), from the selected epoch's eval-mode logits
 *                      (PC-Softmax: after its log-prior correction)
 * @param logits        row-major N x C eval-mode logits of the selected epoch, uncorrected
 * @param msPerEpoch    wall time of every epoch (synthesis, training step and evaluation)
 * @param timeBreakdown mean ms per epoch by phase, engine versus Java
 * @param engineThreads PyTorch's intra-op thread count inside the run's engine blocks, as PyTorch reported it
 * @param parameters    the model's tensors at the selected epoch, as the catalog stores them
 * @param stoppedEpoch  the last epoch trained when early stopping ended the run before {@code epochs}; -1 when every
 *                      epoch trained
 */
public record TrainingResult(
    int bestEpoch,
    Evaluation validation,
    Evaluation test,
    int[] predictions,
    float[] logits,
    int classCount,
    double[] msPerEpoch,
    TimeBreakdown timeBreakdown,
    String device,
    int engineThreads,
    List<org.graphsha.nn.Tensor> parameters,
    int stoppedEpoch
) {
    public double medianMsPerEpoch() {
        double[] sorted = msPerEpoch.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? 0 : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** How many epochs trained: fewer than configured when early stopping ended the run. */
    public int epochsTrained() {
        return msPerEpoch.length;
    }

    /** The same run with other validation and test metrics: those of a decision rule fitted after training. */
    public TrainingResult withEvaluations(Evaluation otherValidation, Evaluation otherTest) {
        return new TrainingResult(bestEpoch, otherValidation, otherTest, predictions, logits, classCount, msPerEpoch,
            timeBreakdown, device, engineThreads, parameters, stoppedEpoch);
    }
}
