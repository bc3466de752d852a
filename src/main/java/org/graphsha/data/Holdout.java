package org.graphsha.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The split used when a user's graph has none: a stratified, seeded share of each class tests (never seen
 * by training or model selection), another validates, the rest trains. Unlabeled nodes are the ones to
 * predict.
 */
public final class Holdout {

    /**
     * The test draw of graphsha.train's automatic holdout: fixed, so that calls with any randomSeed (and the members
     * of an ensemble, each the call with its own seed) hold out the same test nodes and are compared on them.
     */
    public static final long TRAIN_TEST_SEED = 0x5DEECE66DL;

    private Holdout() {}

    /**
     * Validation only: each class with at least two nodes gives max(1, round(fraction · size)) nodes to
     * validation, so that model selection sees every class that can spare one; a single-node class only trains.
     */
    public static SplitRole[] stratified(int[] classes, int classCount, double fraction, long seed) {
        return stratified(classes, classCount, fraction, 0, 0, seed);
    }

    /**
     * First each class with at least three nodes gives max(1, round(testFraction · size)) nodes to the test,
     * keeping two for training and validation; then {@link #withValidation} draws the validation nodes among
     * the rest. With {@code testFraction} 0 no node tests and the validation draw is that of
     * {@link #stratified(int[], int, double, long)}.
     *
     * @param testSeed       seeds the test draw
     * @param validationSeed seeds the validation draw
     */
    public static SplitRole[] stratified(int[] classes, int classCount, double validationFraction, double testFraction,
                                         long testSeed, long validationSeed) {
        requireFraction("validationFraction", validationFraction, false);
        requireFraction("testFraction", testFraction, true);
        if (validationFraction + testFraction >= 1) {
            throw new IllegalArgumentException("Invalid values " + validationFraction + " for `validationFraction` and "
                + testFraction + " for `testFraction`: together they must leave nodes to train on (sum below 1), "
                + "for example 0.2 and 0.2");
        }
        SplitRole[] roles = new SplitRole[classes.length];
        for (int i = 0; i < classes.length; i++) {
            roles[i] = classes[i] < 0 ? SplitRole.NONE : SplitRole.TRAIN;
        }
        if (testFraction > 0) {
            Random random = new Random(testSeed);
            for (List<Integer> members : byClass(classes, classCount, roles)) {
                if (members.size() < 3) {
                    continue;
                }
                Collections.shuffle(members, random);
                int test = Math.min(Math.max(1, (int) Math.round(testFraction * members.size())), members.size() - 2);
                for (int k = 0; k < test; k++) {
                    roles[members.get(k)] = SplitRole.TEST;
                }
            }
        }
        return withValidation(classes, classCount, roles, validationFraction, validationSeed);
    }

    /**
     * The given roles with the validation nodes drawn again among the training and validation nodes (an ensemble
     * member's own holdout): test nodes stay test, so every member is scored on the same unseen nodes. Fractions
     * are of each class's labeled nodes.
     */
    public static SplitRole[] withValidation(int[] classes, int classCount, SplitRole[] given, double fraction,
                                             long seed) {
        SplitRole[] roles = new SplitRole[given.length];
        int[] labeled = new int[classCount];
        for (int i = 0; i < given.length; i++) {
            roles[i] = given[i] == SplitRole.VAL ? SplitRole.TRAIN : given[i];
            if (classes[i] >= 0) {
                labeled[classes[i]]++;
            }
        }
        Random random = new Random(seed);
        List<List<Integer>> byClass = byClass(classes, classCount, roles);
        for (int c = 0; c < classCount; c++) {
            List<Integer> members = byClass.get(c);
            if (members.size() < 2) {
                continue;
            }
            Collections.shuffle(members, random);
            int validation = Math.max(1, (int) Math.round(fraction * labeled[c]));
            for (int k = 0; k < Math.min(validation, members.size() - 1); k++) {
                roles[members.get(k)] = SplitRole.VAL;
            }
        }
        return roles;
    }

    /** The training nodes of each class, in node order. */
    private static List<List<Integer>> byClass(int[] classes, int classCount, SplitRole[] roles) {
        List<List<Integer>> byClass = new ArrayList<>();
        for (int c = 0; c < classCount; c++) {
            byClass.add(new ArrayList<>());
        }
        for (int i = 0; i < classes.length; i++) {
            if (classes[i] >= 0 && roles[i] == SplitRole.TRAIN) {
                byClass.get(classes[i]).add(i);
            }
        }
        return byClass;
    }

    private static void requireFraction(String key, double fraction, boolean zeroAllowed) {
        if (!(fraction >= 0 && fraction < 1) || (!zeroAllowed && fraction == 0)) {
            throw new IllegalArgumentException("Invalid value " + fraction + " for configuration key `" + key + "`: "
                + "expected a number " + (zeroAllowed ? "in [0, 1)" : "strictly between 0 and 1") + ", for example 0.2");
        }
    }
}
