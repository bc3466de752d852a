package org.graphsha.tools.generate;

/**
 * A natural long tail: class sizes fall geometrically from class 0 (largest) to class C-1 (smallest),
 * n_c proportional to mu^c with mu = (1/ratio)^(1/(C-1)), so the largest class is {@code ratio} times
 * the smallest, as the LT construction in docs/algorithm.md shapes its training set.
 */
public final class ClassSizes {

    private ClassSizes() {}

    /** Sizes that add up to {@code nodes} exactly (largest remainders), non-increasing, at least 1 each. */
    public static int[] of(int nodes, int classes, double ratio) {
        double mu = Math.pow(1 / ratio, 1.0 / (classes - 1));
        double[] shares = new double[classes];
        double total = 0;
        for (int c = 0; c < classes; c++) {
            shares[c] = Math.pow(mu, c);
            total += shares[c];
        }
        int[] sizes = new int[classes];
        double[] remainders = new double[classes];
        long assigned = 0;
        for (int c = 0; c < classes; c++) {
            double exact = nodes * shares[c] / total;
            sizes[c] = Math.max(1, (int) Math.floor(exact));
            remainders[c] = exact - Math.floor(exact);
            assigned += sizes[c];
        }
        // Hand out what flooring left over to the largest remainders; take surplus (from the minimum of 1)
        // from the largest classes, which never notice it.
        while (assigned < nodes) {
            int best = 0;
            for (int c = 1; c < classes; c++) {
                if (remainders[c] > remainders[best]) {
                    best = c;
                }
            }
            sizes[best]++;
            remainders[best] = -1;
            assigned++;
        }
        for (int c = 0; assigned > nodes; c = (c + 1) % classes) {
            if (sizes[c] > 1) {
                sizes[c]--;
                assigned--;
            }
        }
        return sizes;
    }
}
