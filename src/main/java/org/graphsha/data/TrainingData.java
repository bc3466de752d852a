package org.graphsha.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import org.graphsha.graph.ClassIndex;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;

/**
 * Turns a user's raw per-node values (class, split) into the learning core's snapshot, checking
 * everything a training run needs before it starts: a usable target, at least two classes, a
 * training node in every class and a validation part.
 *
 * @param classIndex class values in index order, in the target's own type
 */
public record TrainingData(GraphSnapshot snapshot, ClassIndex classIndex, SplitRole[] roles) {

    /**
     * A run's classes and split, checked, before the graph's edges and features are read: enough to
     * size the run (its training class sizes decide how many synthetic nodes an epoch adds).
     *
     * @param classes class index per node, -1 where unknown
     */
    public record Labels(ClassIndex classIndex, int[] classes, SplitRole[] roles) {

        /**
         * The same classes with another automatic validation holdout: that of a call with {@code seed}. The test
         * nodes stay as they are, so that every ensemble member is scored on the same unseen nodes.
         */
        public Labels withHoldout(double validationFraction, long seed) {
            return new Labels(classIndex, classes,
                Holdout.withValidation(classes, classIndex.size(), roles, validationFraction, seed));
        }

        /** Training nodes per class index. */
        public int[] trainingCounts() {
            return counts(SplitRole.TRAIN);
        }

        /** Validation nodes per class index. */
        public int[] validationCounts() {
            return counts(SplitRole.VAL);
        }

        private int[] counts(SplitRole role) {
            int[] counts = new int[classIndex.size()];
            for (int i = 0; i < classes.length; i++) {
                if (roles[i] == role) {
                    counts[classes[i]]++;
                }
            }
            return counts;
        }
    }

    /**
     * @param targets    class value per node (Long or String), null where unknown
     * @param splits     split value per node ('train', 'val', 'test', 'removed', 'none' or null), or null
     *                   for a stratified holdout of {@code testFraction} and {@code validationFraction} of the
     *                   labeled nodes
     * @param nodeNames  how to name node i in messages
     */
    public static Labels labels(Object[] targets, String targetProperty, Object[] splits, String splitProperty,
                                double validationFraction, double testFraction, long seed,
                                java.util.function.IntFunction<String> nodeNames) {
        List<Object> present = new ArrayList<>();
        Object[] normalized = new Object[targets.length];
        for (int i = 0; i < targets.length; i++) {
            Object value = normalizeClass(targets[i], targetProperty, nodeNames.apply(i));
            normalized[i] = value;
            if (value != null) {
                present.add(value);
            }
        }
        if (present.isEmpty()) {
            throw new IllegalArgumentException("targetProperty `" + targetProperty + "` is not set on any node of the "
                + "graph; set it on the labeled nodes or name the right property");
        }
        ClassIndex index = ClassIndex.of(present);
        if (index.size() < 2) {
            throw new IllegalArgumentException("Training needs at least 2 classes, but targetProperty `" + targetProperty
                + "` has the single value " + index.values() + "; label nodes of another class");
        }
        int[] classes = new int[targets.length];
        for (int i = 0; i < targets.length; i++) {
            classes[i] = normalized[i] == null ? -1 : index.indexOf(normalized[i]);
        }
        SplitRole[] roles = splits == null
            ? Holdout.stratified(classes, index.size(), validationFraction, testFraction, Holdout.TRAIN_TEST_SEED, seed)
            : roles(splits, classes, splitProperty, nodeNames);
        requireTrainingNodePerClass(classes, roles, index);
        if (Arrays.stream(roles).noneMatch(r -> r == SplitRole.VAL)) {
            throw new IllegalArgumentException("splitProperty `" + splitProperty + "` marks no labeled node as 'val'; "
                + "model selection needs validation nodes (or leave splitProperty out for an automatic holdout)");
        }
        return new Labels(index, classes, roles);
    }

    /** The snapshot of checked labels with the graph's edges and features. */
    public static TrainingData of(EdgeList edges, SparseFeatures features, Labels labels) {
        return new TrainingData(Snapshots.of(edges, features, labels.classes(), labels.classIndex().size(),
            labels.roles()), labels.classIndex(), labels.roles());
    }

    /**
     * This graph with another automatic holdout of its labels (an ensemble member's): a holdout removes no
     * node, so the snapshot shares this one's adjacency and features.
     */
    public TrainingData withHoldout(double validationFraction, long seed) {
        Labels other = new Labels(classIndex, snapshot.classes(), roles).withHoldout(validationFraction, seed);
        return new TrainingData(Snapshots.withRoles(snapshot, other.roles()), classIndex, other.roles());
    }

    /** {@link #labels} and {@link #of(EdgeList, SparseFeatures, Labels)} in one step. */
    public static TrainingData of(EdgeList edges, SparseFeatures features, Object[] targets, String targetProperty,
                                  Object[] splits, String splitProperty, double validationFraction, long seed,
                                  java.util.function.IntFunction<String> nodeNames) {
        return of(edges, features, labels(targets, targetProperty, splits, splitProperty, validationFraction, 0, seed,
            nodeNames));
    }

    private static Object normalizeClass(Object value, String property, String node) {
        Object normalized = ClassIndex.classValue(value);
        if (value == null || normalized != null) {
            return normalized;
        }
        throw new IllegalArgumentException("targetProperty `" + property + "` must hold integers, booleans or strings, but node "
            + node + " has " + value + " (" + value.getClass().getSimpleName() + ")");
    }

    private static SplitRole[] roles(Object[] splits, int[] classes, String property,
                                     java.util.function.IntFunction<String> nodeNames) {
        SplitRole[] roles = new SplitRole[splits.length];
        for (int i = 0; i < splits.length; i++) {
            SplitRole role = parse(splits[i]);
            if (role == null) {
                throw new IllegalArgumentException("splitProperty `" + property + "` has value `" + splits[i] + "` on node "
                    + nodeNames.apply(i) + "; expected 'train', 'val', 'test', 'removed' or 'none'");
            }
            // A node without a class cannot train or be scored, whatever its split says.
            roles[i] = classes[i] < 0 && role != SplitRole.REMOVED ? SplitRole.NONE : role;
        }
        requireSplitNodes(splits, roles, property);
        return roles;
    }

    /** Names the split property, not a class, when the property is missing or leaves a part empty. */
    private static void requireSplitNodes(Object[] splits, SplitRole[] roles, String property) {
        if (Arrays.stream(splits).allMatch(Objects::isNull)) {
            throw new IllegalArgumentException("splitProperty `" + property + "` is not set on any node of the graph; "
                + "write it first with graphsha.split.stratified (train/val/test per class, no node or edge removed) "
                + "or leave splitProperty out for an automatic holdout (testFraction, validationFraction)");
        }
        if (Arrays.stream(roles).noneMatch(r -> r == SplitRole.TRAIN)) {
            throw new IllegalArgumentException("splitProperty `" + property + "` marks no labeled node as 'train'; "
                + "mark some labeled nodes 'train', or leave splitProperty out for an automatic holdout");
        }
    }

    private static SplitRole parse(Object value) {
        if (value == null) {
            return SplitRole.NONE;
        }
        for (SplitRole role : SplitRole.values()) {
            if (role.value().equals(String.valueOf(value).toLowerCase(Locale.ROOT))) {
                return role;
            }
        }
        return null;
    }

    private static void requireTrainingNodePerClass(int[] classes, SplitRole[] roles, ClassIndex index) {
        int[] trainCount = new int[index.size()];
        for (int i = 0; i < classes.length; i++) {
            if (roles[i] == SplitRole.TRAIN) {
                trainCount[classes[i]]++;
            }
        }
        for (int c = 0; c < trainCount.length; c++) {
            if (trainCount[c] == 0) {
                throw new IllegalArgumentException("Class `" + index.value(c) + "` has no training node; mark some of its "
                    + "nodes as 'train' in the split, or remove the class from the target");
            }
        }
    }

    /** Class value of every class index, for write-back in the target's own type. */
    public Object[] classValues() {
        return classIndex.values().toArray();
    }
}
