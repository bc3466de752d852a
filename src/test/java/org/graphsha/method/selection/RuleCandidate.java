package org.graphsha.method.selection;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

import org.graphsha.evaluation.Metrics;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainingResult;

/**
 * A candidate that predicts by a fixed rule of the node, so that its scores are known exactly, and records the
 * snapshots and seeds it was trained with. Its run keeps epoch 7; its validation metrics are the rule's on the
 * snapshot's validation nodes (two classes).
 */
record RuleCandidate(String name, IntUnaryOperator predict, List<GraphSnapshot> seen, List<Long> seeds)
    implements CrossValidation.Candidate {

    RuleCandidate(String name, IntUnaryOperator predict) {
        this(name, predict, new ArrayList<>(), new ArrayList<>());
    }

    @Override
    public TrainingResult train(GraphSnapshot snapshot, long seed, EpochListener listener) {
        seen.add(snapshot);
        seeds.add(seed);
        int[] predictions = new int[snapshot.nodeCount()];
        for (int v = 0; v < predictions.length; v++) {
            predictions[v] = predict.applyAsInt(v);
        }
        int[] val = Masks.indices(snapshot.valMask());
        int[] truth = new int[val.length];
        int[] predicted = new int[val.length];
        for (int i = 0; i < val.length; i++) {
            truth[i] = snapshot.classes()[val[i]];
            predicted[i] = predictions[val[i]];
        }
        return new TrainingResult(7, Metrics.evaluate(truth, predicted, 2), null, predictions, new float[0], 2,
            new double[0], null, "cpu", 1, List.of(), -1);
    }
}
