package org.graphsha.tools.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class GraphGeneratorTest {

    static GeneratorSettings small(double homophily, double signal, long seed) {
        return new GeneratorSettings(4000, 24_000, 32, 10, 50, homophily, 2.5, signal, 0.537, 0.176, seed);
    }

    static GeneratedGraph generate(GeneratorSettings settings) {
        return GraphGenerator.generate(settings, f -> { });
    }

    @Test
    void nodeAndEdgeCountsAreExactWithoutLoopsOrRepeatedPairs() {
        GeneratedGraph graph = generate(small(0.65, 0.15, 1));
        assertEquals(4000, graph.nodeCount());
        assertEquals(24_000, graph.relationshipCount());
        Set<Long> pairs = new HashSet<>();
        for (int e = 0; e < graph.relationshipCount(); e++) {
            int s = graph.sources()[e];
            int t = graph.targets()[e];
            assertTrue(s > t, "a relationship goes from the newer (higher) node to the older one");
            assertTrue(pairs.add((long) s << 32 | t), "pair " + s + "-" + t + " repeated");
        }
    }

    @Test
    void classesFollowALongTailWithTheRequestedRatio() {
        GeneratedGraph graph = generate(small(0.65, 0.15, 2));
        int[] sizes = graph.classSizes();
        int total = 0;
        for (int c = 0; c < sizes.length; c++) {
            total += sizes[c];
            if (c > 0) {
                assertTrue(sizes[c] <= sizes[c - 1], "sizes fall from class 0 to the last");
            }
        }
        assertEquals(4000, total);
        assertEquals(50, (double) sizes[0] / sizes[sizes.length - 1], 50 * 0.1);
        // The middle class sits on the geometric curve, not just the ends (a natural tail, not a step).
        double expectedMiddle = sizes[0] * Math.pow(1 / 50.0, 5 / 9.0);
        assertEquals(expectedMiddle, sizes[5], expectedMiddle * 0.1);
        int[] counted = new int[sizes.length];
        for (int c : graph.classes()) {
            counted[c]++;
        }
        assertArrayEquals(sizes, counted);
        GraphStatistics stats = GraphStatistics.of(graph);
        assertEquals(50, stats.trainImbalanceRatio(), 50 * 0.15);
    }

    @Test
    void edgeHomophilyIsCloseToTheRequestedValue() {
        for (double h : List.of(0.2, 0.65, 0.9)) {
            double measured = GraphStatistics.of(generate(small(h, 0.15, 3))).edgeHomophily();
            assertEquals(h, measured, 0.03, "homophily " + h);
        }
    }

    @Test
    void degreesAreHeavyTailed() {
        GeneratedGraph graph = generate(small(0.65, 0.15, 4));
        int[] degree = new int[graph.nodeCount()];
        for (int e = 0; e < graph.relationshipCount(); e++) {
            degree[graph.sources()[e]]++;
            degree[graph.targets()[e]]++;
        }
        int max = Arrays.stream(degree).max().orElseThrow();
        double mean = 2.0 * graph.relationshipCount() / graph.nodeCount();
        // A Poisson graph of mean 12 almost never reaches 4x its mean; the power law does by far.
        assertTrue(max > 8 * mean, "max degree " + max + " against mean " + mean);
    }

    @Test
    void featuresPredictTheClassOnlyWhenThereIsSignal() {
        assertTrue(nearestMeanAccuracy(generate(small(0.65, 1.0, 5))) > 0.9);
        assertTrue(nearestMeanAccuracy(generate(small(0.65, 0.0, 5))) < 0.35);
    }

    /** Class means from even node ids, accuracy of the nearest mean on odd ids. */
    private static double nearestMeanAccuracy(GeneratedGraph graph) {
        int classes = graph.classSizes().length;
        int dim = graph.features().dimension();
        double[][] means = new double[classes][dim];
        int[] counts = new int[classes];
        for (int i = 0; i < graph.nodeCount(); i += 2) {
            int c = graph.classes()[i];
            float[] row = graph.features().row(i, c);
            counts[c]++;
            for (int d = 0; d < dim; d++) {
                means[c][d] += row[d];
            }
        }
        int right = 0;
        int total = 0;
        for (int i = 1; i < graph.nodeCount(); i += 2) {
            float[] row = graph.features().row(i, graph.classes()[i]);
            int best = -1;
            double bestDistance = Double.MAX_VALUE;
            for (int c = 0; c < classes; c++) {
                if (counts[c] == 0) {
                    continue;
                }
                double distance = 0;
                for (int d = 0; d < dim; d++) {
                    double diff = row[d] - means[c][d] / counts[c];
                    distance += diff * diff;
                }
                if (distance < bestDistance) {
                    bestDistance = distance;
                    best = c;
                }
            }
            right += best == graph.classes()[i] ? 1 : 0;
            total++;
        }
        return (double) right / total;
    }

    @Test
    void timeSplitGivesEveryClassTheSameShares() {
        GeneratedGraph graph = generate(small(0.65, 0.15, 6));
        int classes = graph.classSizes().length;
        int[][] perSplit = new int[classes][3];
        for (int i = 0; i < graph.nodeCount(); i++) {
            int year = graph.years()[i];
            assertTrue(year >= TimeSplit.FIRST_YEAR && year <= TimeSplit.LAST_YEAR);
            String split = graph.split(i);
            assertEquals(year <= 2017 ? "train" : year == 2018 ? "val" : "test", split);
            perSplit[graph.classes()[i]][split.equals("train") ? 0 : split.equals("val") ? 1 : 2]++;
        }
        for (int c = 0; c < classes; c++) {
            int n = graph.classSizes()[c];
            assertEquals(0.537 * n, perSplit[c][0], 1.0, "train nodes of class " + c);
            assertEquals(0.176 * n, perSplit[c][1], 1.0, "val nodes of class " + c);
        }
        // Time grows with the node id within a class.
        int lastYear = 0;
        for (int i = 0; i < graph.nodeCount(); i++) {
            if (graph.classes()[i] == 0) {
                assertTrue(graph.years()[i] >= lastYear);
                lastYear = graph.years()[i];
            }
        }
    }

    @Test
    void sameSeedGivesTheSameGraphAndAnotherSeedAnother() {
        GeneratedGraph a = generate(small(0.65, 0.15, 7));
        GeneratedGraph b = generate(small(0.65, 0.15, 7));
        GeneratedGraph c = generate(small(0.65, 0.15, 8));
        assertArrayEquals(a.classes(), b.classes());
        assertArrayEquals(a.sources(), b.sources());
        assertArrayEquals(a.targets(), b.targets());
        assertArrayEquals(a.years(), b.years());
        assertArrayEquals(a.features().row(123, a.classes()[123]), b.features().row(123, b.classes()[123]));
        assertFalse(Arrays.equals(a.sources(), c.sources()));
        assertFalse(Arrays.equals(a.features().row(123, 0), c.features().row(123, 0)));
    }
}
