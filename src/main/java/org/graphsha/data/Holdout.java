package org.graphsha.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The split used when a user's graph has none: every labeled node trains except a stratified,
 * seeded share of each class that validates. Unlabeled nodes are the ones to predict.
 */
public final class Holdout {

    private Holdout() {}

    /**
     * Each class with at least two nodes gives max(1, round(fraction · size)) nodes to validation, so
     * that model selection sees every class that can spare one; a single-node class only trains.
     */
    public static SplitRole[] stratified(int[] classes, int classCount, double fraction, long seed) {
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException("Invalid value " + fraction + " for configuration key `validationFraction`: "
                + "expected a number strictly between 0 and 1, for example 0.2");
        }
        List<List<Integer>> byClass = new ArrayList<>();
        for (int c = 0; c < classCount; c++) {
            byClass.add(new ArrayList<>());
        }
        SplitRole[] roles = new SplitRole[classes.length];
        for (int i = 0; i < classes.length; i++) {
            roles[i] = classes[i] < 0 ? SplitRole.NONE : SplitRole.TRAIN;
            if (classes[i] >= 0) {
                byClass.get(classes[i]).add(i);
            }
        }
        Random random = new Random(seed);
        for (List<Integer> members : byClass) {
            if (members.size() < 2) {
                continue;
            }
            Collections.shuffle(members, random);
            int validation = Math.max(1, (int) Math.round(fraction * members.size()));
            for (int k = 0; k < Math.min(validation, members.size() - 1); k++) {
                roles[members.get(k)] = SplitRole.VAL;
            }
        }
        return roles;
    }
}
