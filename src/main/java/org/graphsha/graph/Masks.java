package org.graphsha.graph;

/** Node masks (training, validation, test) as the ascending node indices they select. */
public final class Masks {

    private Masks() {
    }

    /** The positions where the mask is set, ascending. */
    public static int[] indices(boolean[] mask) {
        int count = 0;
        for (boolean b : mask) {
            if (b) {
                count++;
            }
        }
        int[] out = new int[count];
        int k = 0;
        for (int i = 0; i < mask.length; i++) {
            if (mask[i]) {
                out[k++] = i;
            }
        }
        return out;
    }
}
