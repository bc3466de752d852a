package org.graphsha.procedures;

import java.util.LinkedHashMap;
import java.util.Map;

import org.graphsha.method.TrainingTime;
import org.graphsha.numeric.Durations;
import org.graphsha.training.MemoryEstimate;

/**
 * GDS's estimate yield (requiredMemory, treeView, mapView, bytesMin, bytesMax, nodeCount,
 * relationshipCount, heapPercentageMin, heapPercentageMax) plus the heap / native split that PyTorch
 * makes necessary. Only {@code heapBytes} lives on the JVM heap, so both heap percentages are that
 * part's share of the maximum heap, rounded up to 0.1. {@code expectedTime} is the training's expected time
 * ({@link TrainingTime}), null for the predict estimates.
 */
public record EstimateResult(String requiredMemory, String treeView, Map<String, Object> mapView, long bytesMin,
                             long bytesMax, long heapBytes, long nativeBytesMin, long nativeBytesMax, long nodeCount,
                             long relationshipCount, double heapPercentage, double heapPercentageMin,
                             double heapPercentageMax, Map<String, Object> expectedTime) {

    public static EstimateResult of(MemoryEstimate estimate, long nodeCount, long relationshipCount) {
        long min = estimate.heapBytes() + estimate.nativeMinBytes();
        long max = estimate.heapBytes() + estimate.nativeMaxBytes();
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("heap", estimate.heap());
        view.put("nativeMin", estimate.nativeMinimum());
        view.put("nativeMax", estimate.nativeMaximum());
        StringBuilder tree = new StringBuilder("Memory Estimation: " + human(min) + " ... " + human(max) + "\n");
        tree.append("|-- heap: ").append(human(estimate.heapBytes())).append('\n');
        estimate.heap().forEach((part, bytes) -> tree.append("    |-- ").append(part).append(": ").append(human(bytes))
            .append('\n'));
        tree.append("|-- native: ").append(human(estimate.nativeMinBytes())).append(" ... ")
            .append(human(estimate.nativeMaxBytes())).append('\n');
        estimate.nativeMaximum().forEach((part, bytes) -> tree.append("    |-- ").append(part).append(": ")
            .append(human(estimate.nativeMinimum().get(part))).append(" ... ").append(human(bytes)).append('\n'));
        double heapPercentage = Math.ceil(1000.0 * estimate.heapBytes() / Runtime.getRuntime().maxMemory()) / 10.0;
        return new EstimateResult(human(min) + " ... " + human(max), tree.toString(), view, min, max,
            estimate.heapBytes(), estimate.nativeMinBytes(), estimate.nativeMaxBytes(), nodeCount, relationshipCount,
            heapPercentage, heapPercentage, heapPercentage, null);
    }

    /** With the expected training time ({@code graphsha.train.estimate} only; null for the predict estimates). */
    public EstimateResult withExpectedTime(TrainingTime.Expected time) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("expected", Durations.human(time.seconds()));
        view.put("seconds", time.seconds());
        view.put("preprocessingSeconds", time.preprocessingSeconds());
        view.put("secondsPerEpoch", time.secondsPerEpoch());
        view.put("epochs", (long) time.epochs());
        view.put("trainings", (long) time.trainings());
        return new EstimateResult(requiredMemory, treeView, mapView, bytesMin, bytesMax, heapBytes, nativeBytesMin,
            nativeBytesMax, nodeCount, relationshipCount, heapPercentage, heapPercentageMin, heapPercentageMax, view);
    }

    static String human(long bytes) {
        return MemoryEstimate.human(bytes);
    }
}
