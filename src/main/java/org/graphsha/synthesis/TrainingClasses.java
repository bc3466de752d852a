package org.graphsha.synthesis;

import org.graphsha.graph.GraphSnapshot;

/** The training nodes of every class, in ascending position, as anchors and auxiliaries are drawn from them. */
public final class TrainingClasses {

    public final int classCount;
    /** nodesOf[c] = training nodes of class c, ascending. */
    public final int[][] nodesOf;
    /** every training node, ascending. */
    public final int[] all;
    /** position of a training node in {@link #all}, -1 for other nodes. */
    public final int[] indexOf;
    /** class of every node, as in the snapshot. */
    public final int[] classes;

    public TrainingClasses(GraphSnapshot snapshot) {
        classCount = snapshot.classCount();
        classes = snapshot.classes();
        int n = snapshot.nodeCount();
        int total = 0;
        for (int v = 0; v < n; v++) {
            if (isTraining(snapshot, v)) {
                total++;
            }
        }
        all = new int[total];
        indexOf = new int[n];
        int next = 0;
        for (int v = 0; v < n; v++) {
            indexOf[v] = -1;
            if (isTraining(snapshot, v)) {
                indexOf[v] = next;
                all[next++] = v;
            }
        }
        nodesOf = snapshot.nodesByClass(all);
    }

    private static boolean isTraining(GraphSnapshot snapshot, int v) {
        int c = snapshot.classes()[v];
        return snapshot.trainMask()[v] && c >= 0 && c < snapshot.classCount();
    }

    public int[] sizes() {
        int[] sizes = new int[classCount];
        for (int c = 0; c < classCount; c++) {
            sizes[c] = nodesOf[c].length;
        }
        return sizes;
    }
}
