package org.graphsha.data;

/** The role of every node (in the caller's node order) and the per-class counts derived from it. */
public record SplitResult(SplitRole[] roles, int[] classes, int classCount) {

    /** Number of nodes of each class that play {@code role}. */
    public int[] countPerClass(SplitRole role) {
        int[] counts = new int[classCount];
        for (int i = 0; i < roles.length; i++) {
            if (roles[i] == role && classes[i] >= 0) {
                counts[classes[i]]++;
            }
        }
        return counts;
    }
}
