package org.graphsha.tools.generate;

/**
 * A time-like split as ogbn-arXiv's: every node gets a publication {@code year}; train is up to
 * {@link #LAST_TRAIN_YEAR}, val is {@link #VAL_YEAR}, test is later. Within each class, the class's
 * nodes in id order take years in ascending order (ids grow with time, as in a citation graph that
 * grows), and the cut points are placed so that every class has the same train and val shares: the
 * k-th of n_c nodes of class c sits at quantile q = (k + 0.5) / n_c of its class's timeline.
 */
public final class TimeSplit {

    public static final int FIRST_YEAR = 1971;
    public static final int LAST_TRAIN_YEAR = 2017;
    public static final int VAL_YEAR = 2018;
    public static final int LAST_YEAR = 2020;

    private TimeSplit() {}

    /** The year of the node at quantile {@code q} in [0, 1) of its class's timeline. */
    public static int year(double q, double trainFraction, double valFraction) {
        if (q < trainFraction) {
            int span = LAST_TRAIN_YEAR - FIRST_YEAR + 1;
            return FIRST_YEAR + Math.min(span - 1, (int) (q / trainFraction * span));
        }
        if (q < trainFraction + valFraction) {
            return VAL_YEAR;
        }
        double rest = 1 - trainFraction - valFraction;
        int span = LAST_YEAR - VAL_YEAR;
        return VAL_YEAR + 1 + Math.min(span - 1, (int) ((q - trainFraction - valFraction) / rest * span));
    }

    /** The split value the procedures read ({@code train}, {@code val} or {@code test}) for a year. */
    public static String split(int year) {
        return year <= LAST_TRAIN_YEAR ? "train" : year == VAL_YEAR ? "val" : "test";
    }

    /** Years of all nodes, from their classes in id order. */
    static int[] years(int[] classes, int[] classSizes, double trainFraction, double valFraction) {
        int[] seen = new int[classSizes.length];
        int[] years = new int[classes.length];
        for (int i = 0; i < classes.length; i++) {
            int c = classes[i];
            double q = (seen[c]++ + 0.5) / classSizes[c];
            years[i] = year(q, trainFraction, valFraction);
        }
        return years;
    }
}
