package org.graphsha.method.selection;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.graphsha.evaluation.Metrics;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainingResult;

/**
 * Chooses a method by stratified k-fold cross-validation over a run's training nodes (docs/algorithm.md
 * §10.5). For each fold, every candidate trains on the training nodes outside the fold, keeps its epoch
 * by the run's own validation nodes (as the final run will), and is scored by balanced accuracy on the
 * fold's held-out nodes, which no run of that fold has seen. All candidates of a fold share its seed.
 */
public final class CrossValidation {

    /** Mixed into the run's seed for the per-fold seeds, so they differ from the final run's. */
    private static final long SEED_SALT = 0xBB67AE8584CAA73BL;

    private CrossValidation() {}

    /** One candidate: trains a fresh model on the given snapshot with the given seed. */
    public interface Candidate {
        String name();

        /** What {@code bestParameters} reports when this candidate wins. */
        default Map<String, Object> parameters() {
            return Map.of("method", name());
        }

        TrainingResult train(GraphSnapshot snapshot, long seed, EpochListener listener);
    }

    /** Told after every candidate's run of a fold, for progress messages. */
    @FunctionalInterface
    public interface FoldListener {
        FoldListener NONE = (fold, candidate, name, score, epoch) -> { };

        void onRun(int fold, int candidate, String name, double score, int epoch);
    }

    /**
     * @param snapshot the run's snapshot: its training nodes are folded, its validation nodes select epochs
     * @param folds    k, at least 2
     * @param seed     the run's seed: it fixes the folds and the per-fold seeds
     * @param epochs   told of every epoch of every run (progress, cancellation)
     */
    public static SelectionStats run(GraphSnapshot snapshot, List<? extends Candidate> candidates, int folds, long seed,
                                     EpochListener epochs, FoldListener runs) {
        StratifiedFolds assignment = StratifiedFolds.assign(snapshot.trainMask(), snapshot.classes(),
            snapshot.classCount(), folds, seed);
        double[][] scores = new double[candidates.size()][folds];
        int[][] kept = new int[candidates.size()][folds];
        int[] sizes = new int[folds];
        for (int f = 0; f < folds; f++) {
            int[] heldOut = assignment.heldOut(f);
            sizes[f] = heldOut.length;
            GraphSnapshot fold = foldSnapshot(snapshot, assignment.trainMask(snapshot.trainMask(), f), heldOut);
            long foldSeed = foldSeed(seed, f);
            for (int c = 0; c < candidates.size(); c++) {
                TrainingResult result = candidates.get(c).train(fold, foldSeed, epochs);
                scores[c][f] = balancedAccuracy(snapshot, heldOut, result.predictions());
                kept[c][f] = result.bestEpoch();
                runs.onRun(f, c, candidates.get(c).name(), scores[c][f], result.bestEpoch());
            }
        }
        return new SelectionStats(CandidateScoring.FOLDS, candidates.stream().map(Candidate::name).toList(),
            candidates.stream().map(Candidate::parameters).toList(), scores, kept, sizes);
    }

    /**
     * The seed of fold {@code f}'s runs: derived from the run's seed alone, different for every fold,
     * and in 0..2^31-2 like the {@code randomSeed} key.
     */
    public static long foldSeed(long seed, int f) {
        return new SplittableRandom((seed ^ SEED_SALT) + f).nextInt(Integer.MAX_VALUE);
    }

    /**
     * The snapshot of one fold: training nodes less the fold; the held-out nodes join the test mask, which
     * only reports (and makes them self-training candidates, as unlabeled nodes are); validation unchanged.
     */
    static GraphSnapshot foldSnapshot(GraphSnapshot snapshot, boolean[] trainMask, int[] heldOut) {
        boolean[] test = snapshot.testMask().clone();
        for (int v : heldOut) {
            test[v] = true;
        }
        return new GraphSnapshot(snapshot.adjacency(), snapshot.features(), snapshot.classes(), snapshot.classCount(),
            trainMask, snapshot.valMask(), test);
    }

    static double balancedAccuracy(GraphSnapshot snapshot, int[] nodes, int[] predictions) {
        int[] truth = new int[nodes.length];
        int[] predicted = new int[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            truth[i] = snapshot.classes()[nodes[i]];
            predicted[i] = predictions[nodes[i]];
        }
        return Metrics.evaluate(truth, predicted, snapshot.classCount()).balancedAccuracy();
    }
}
