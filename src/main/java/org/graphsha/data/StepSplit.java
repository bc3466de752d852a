package org.graphsha.data;

/**
 * The step split of GraphSHA (docs/algorithm.md §1.3): 10 % of the labeled nodes train, the first ⌊C/2⌋
 * class indices are major with ρ times the quota of the minor ones, 10 % validate (balanced), and
 * the rest test. Nodes are taken in the caller's node order, so the result is deterministic.
 */
public final class StepSplit {

    public static final double LABELING_RATIO = 0.1;

    private StepSplit() {}

    /** @param classes class index per node in scan order, -1 for unlabeled nodes (they take no part) */
    public static SplitResult compute(int[] classes, int classCount, double ratio) {
        SplitValidation.requireRatio(ratio);
        int[] sizes = new int[classCount];
        int labeled = 0;
        for (int cls : classes) {
            if (cls >= 0) {
                sizes[cls]++;
                labeled++;
            }
        }
        SplitValidation.requireEveryClass(sizes, "with a label");

        int majors = classCount / 2;
        int minors = classCount - majors;
        int validEach = (int) (labeled * LABELING_RATIO / classCount);
        int base = (int) (labeled * LABELING_RATIO / (minors + majors * ratio));
        int[] trainQuota = new int[classCount];
        for (int c = 0; c < classCount; c++) {
            trainQuota[c] = c < majors ? (int) (base * ratio) : base;
        }

        SplitRole[] roles = new SplitRole[classes.length];
        int[] trained = new int[classCount];
        int[] validated = new int[classCount];
        int valTaken = 0;
        for (int i = 0; i < classes.length; i++) {
            int c = classes[i];
            if (c < 0) {
                roles[i] = SplitRole.NONE;
            } else if (trained[c] < trainQuota[c]) {
                trained[c]++;
                roles[i] = SplitRole.TRAIN;
            } else {
                roles[i] = SplitRole.TEST;
            }
        }
        // Validation takes from what the training scan left, again in node order.
        for (int i = 0; i < classes.length && valTaken < classCount * validEach; i++) {
            int c = classes[i];
            if (roles[i] == SplitRole.TEST && validated[c] < validEach) {
                validated[c]++;
                valTaken++;
                roles[i] = SplitRole.VAL;
            }
        }
        return new SplitResult(roles, classes, classCount);
    }
}
