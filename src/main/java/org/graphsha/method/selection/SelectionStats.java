package org.graphsha.method.selection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the scoring of the candidates measured: per candidate, the balanced accuracy on each held-out fold and the
 * epoch its run kept, and which candidate won (best mean; the earlier candidate on equal means). Scored on the
 * validation nodes, each candidate has one "fold": the validation nodes, scored by its run on the whole split.
 *
 * @param scoring   {@link CandidateScoring#FOLDS} or {@link CandidateScoring#VALIDATION}
 * @param names      candidate names in the user's order
 * @param parameters per candidate, its method and the keys it sets for itself
 * @param scores    scores[candidate][fold]: balanced accuracy on the fold's held-out nodes, in [0, 1]
 * @param epochs    epochs[candidate][fold]: the epoch the fold's run kept
 * @param foldSizes held-out nodes per fold (the validation nodes when scored on them)
 */
public record SelectionStats(CandidateScoring scoring, List<String> names, List<Map<String, Object>> parameters,
                             double[][] scores, int[][] epochs,
                             int[] foldSizes) {

    public SelectionStats {
        if (scoring == CandidateScoring.AUTO) {
            throw new IllegalArgumentException("selection stats need a resolved scoring, not auto");
        }
        names = List.copyOf(names);
        parameters = List.copyOf(parameters);
    }

    public double mean(int candidate) {
        double sum = 0;
        for (double s : scores[candidate]) {
            sum += s;
        }
        return sum / scores[candidate].length;
    }

    /** Sample standard deviation over the folds (n - 1), as the benchmark tables report spreads. */
    public double std(int candidate) {
        double[] s = scores[candidate];
        double mean = mean(candidate);
        double sum = 0;
        for (double v : s) {
            sum += (v - mean) * (v - mean);
        }
        return s.length < 2 ? 0 : Math.sqrt(sum / (s.length - 1));
    }

    /** The candidate with the best mean, by {@link #replaces}. */
    public int winner() {
        int best = 0;
        for (int c = 1; c < names.size(); c++) {
            if (replaces(mean(c), mean(best))) {
                best = c;
            }
        }
        return best;
    }

    /** The winner rule, over candidates in the user's order: only a higher score replaces; ties keep the earlier. */
    static boolean replaces(double later, double earlier) {
        return later > earlier;
    }

    public String chosen() {
        return names.get(winner());
    }

    /** As {@code graphsha.train} yields it and the model keeps it (Cypher types: Long, Double, List, Map). */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("chosenMethod", parameters.get(winner()).get("method"));
        map.put("bestParameters", parameters.get(winner()));
        map.put("metric", "balancedAccuracy");
        boolean folded = scoring == CandidateScoring.FOLDS;
        map.put("candidateScoring", folded ? "folds" : "validation");
        if (folded) {
            map.put("validationFolds", (long) foldSizes.length);
            List<Long> sizes = new ArrayList<>();
            for (int size : foldSizes) {
                sizes.add((long) size);
            }
            map.put("foldSizes", sizes);
        } else {
            map.put("validationNodes", (long) foldSizes[0]);
        }
        List<Map<String, Object>> candidates = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            Map<String, Object> validation = new LinkedHashMap<>();
            List<Double> folds = new ArrayList<>();
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (double s : scores[c]) {
                folds.add(s);
                min = Math.min(min, s);
                max = Math.max(max, s);
            }
            if (folded) {
                validation.put("folds", folds);
                validation.put("std", std(c));
            }
            validation.put("avg", mean(c));
            validation.put("min", min);
            validation.put("max", max);
            List<Long> kept = new ArrayList<>();
            for (int e : epochs[c]) {
                kept.add((long) e);
            }
            Map<String, Object> candidate = new LinkedHashMap<>();
            candidate.put("method", parameters.get(c).get("method"));
            candidate.put("parameters", parameters.get(c));
            candidate.put("validation", validation);
            candidate.put("selectedEpochs", kept);
            candidates.add(candidate);
        }
        map.put("modelCandidates", candidates);
        return map;
    }
}
