package org.graphsha.data;

import java.util.Random;

/**
 * How the long-tailed split orders training nodes of equal degree when it picks the ones to remove.
 * The reference takes whatever order its {@code topk} kernel returns, which is unspecified, so the
 * default is ascending node position; a seeded shuffle measures how much results depend on that choice.
 */
public record TieOrder(long shuffleSeed, boolean shuffled) {

    public static final TieOrder ASCENDING = new TieOrder(0, false);

    public static TieOrder shuffled(long seed) {
        return new TieOrder(seed, true);
    }

    /** Parses {@code ascending} or {@code shuffled:SEED}. */
    public static TieOrder parse(String value) {
        if (value.equalsIgnoreCase("ascending")) {
            return ASCENDING;
        }
        String prefix = "shuffled:";
        if (value.regionMatches(true, 0, prefix, 0, prefix.length())) {
            try {
                return shuffled(Long.parseLong(value.substring(prefix.length())));
            } catch (NumberFormatException notANumber) {
                // falls through to the error below, which shows the accepted forms
            }
        }
        throw new IllegalArgumentException("tie order must be `ascending` or `shuffled:SEED` (SEED an integer), but was `"
            + value + "`");
    }

    /** rank[v]: the position of node v among nodes of equal degree (lower is removed first). */
    int[] ranks(int nodeCount) {
        int[] rank = new int[nodeCount];
        for (int i = 0; i < nodeCount; i++) {
            rank[i] = i;
        }
        if (shuffled) {
            // java.util.Random: its sequence is specified, so a seed means the same split on every JVM.
            Random random = new Random(shuffleSeed);
            for (int i = nodeCount - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = rank[i];
                rank[i] = rank[j];
                rank[j] = t;
            }
        }
        return rank;
    }

    @Override
    public String toString() {
        return shuffled ? "shuffled:" + shuffleSeed : "ascending";
    }
}
