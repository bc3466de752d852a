package org.graphsha.synthesis.sampling;

import org.graphsha.synthesis.ChiSquare;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.graphsha.diffusion.NeighbourDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SamplingTest {

    private static final int DRAWS = 200_000;
    private static final double[] WEIGHTS = {1, 2, 0, 3, 4, 10, 0.5};

    private static RandomGenerator random() {
        return new SplittableRandom(20230806L);
    }

    private static void assertFits(long[] observed, double[] probabilities) {
        int df = (int) Arrays.stream(probabilities).filter(p -> p > 0).count() - 1;
        double statistic = ChiSquare.statistic(observed, probabilities);
        double critical = ChiSquare.critical999(df);
        assertTrue(statistic < critical, "chi-square " + statistic + " ≥ critical " + critical + " (df " + df + ")");
    }

    @Test
    void criticalValueApproximationMatchesTables() {
        assertEquals(27.877, ChiSquare.critical999(9), 0.01 * 27.877);
        assertEquals(43.820, ChiSquare.critical999(19), 0.01 * 43.820);
        assertEquals(59.703, ChiSquare.critical999(30), 0.01 * 59.703);
    }

    @Test
    void withReplacementMatchesTheWeights() {
        long[] counts = new long[WEIGHTS.length];
        for (int k : WeightedSampling.withReplacement(WEIGHTS, DRAWS, random())) {
            counts[k]++;
        }
        assertEquals(0, counts[2], "zero weight is never drawn");
        assertFits(counts, ChiSquare.normalise(WEIGHTS));
    }

    @Test
    void singleDrawsMatchTheWeights() {
        RandomGenerator random = random();
        long[] counts = new long[WEIGHTS.length];
        for (int i = 0; i < DRAWS; i++) {
            counts[WeightedSampling.draw(WEIGHTS, WEIGHTS.length, random)]++;
        }
        assertFits(counts, ChiSquare.normalise(WEIGHTS));
    }

    @Test
    void histogramDrawsMatchTheCounts() {
        long[] histogram = {640, 0, 900, 500, 0, 0, 12, 1};
        HistogramSampling sampling = new HistogramSampling(histogram);
        RandomGenerator random = random();
        long[] counts = new long[histogram.length];
        for (int i = 0; i < DRAWS; i++) {
            counts[sampling.draw(random)]++;
        }
        assertFits(counts, ChiSquare.normalise(Arrays.stream(histogram).asDoubleStream().toArray()));
    }

    /** P(first = i, second = j) of sequential weighted draws without replacement. */
    private static double[] orderedPairProbabilities(double[] w) {
        int n = w.length;
        double total = Arrays.stream(w).sum();
        double[] p = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    p[i * n + j] = w[i] / total * w[j] / (total - w[i]);
                }
            }
        }
        return p;
    }

    @Test
    void withoutReplacementIsSequentialWeightedSampling() {
        double[] weights = {1, 2, 3, 4, 0};
        RandomGenerator random = random();
        long[] pairs = new long[weights.length * weights.length];
        for (int i = 0; i < DRAWS; i++) {
            int[] drawn = WeightedSampling.withoutReplacement(weights, 2, random);
            pairs[drawn[0] * weights.length + drawn[1]]++;
        }
        assertFits(pairs, orderedPairProbabilities(weights));
    }

    @Test
    void withoutReplacementDrawsAreDistinct() {
        RandomGenerator random = random();
        for (int i = 0; i < 1000; i++) {
            int[] drawn = WeightedSampling.withoutReplacement(WEIGHTS, 5, random);
            assertEquals(5, Arrays.stream(drawn).distinct().count());
            assertTrue(Arrays.stream(drawn).noneMatch(k -> WEIGHTS[k] == 0));
        }
        assertThrows(IllegalArgumentException.class, () -> WeightedSampling.withoutReplacement(WEIGHTS, 7, random));
    }

    /** A single-row distribution over 6 nodes whose row 0 holds nodes 1, 3 and 4. */
    private static NeighbourDistribution oneRow() {
        int[] offsets = {0, 3, 3, 3, 3, 3, 3};
        return new NeighbourDistribution(6, offsets, new int[] {1, 3, 4}, new float[] {0.5f, 0.2f, 0.3f});
    }

    @Test
    void rowSamplingMatchesTheAllNodeRaceIncludingTheFloor() {
        // a large floor makes the nodes outside the row visible to the test
        double floor = 0.05;
        RowNeighbourSampling sampling = new RowNeighbourSampling(oneRow(), floor);
        double[] weights = {floor, 0.5 + floor, floor, 0.2 + floor, 0.3 + floor, floor};
        RandomGenerator random = random();
        long[] pairs = new long[36];
        for (int i = 0; i < DRAWS; i++) {
            int[] drawn = sampling.draw(0, 2, random);
            pairs[drawn[0] * 6 + drawn[1]]++;
        }
        assertFits(pairs, orderedPairProbabilities(weights));
    }

    @Test
    void rowSamplingIsDistinctAndCompletesShortRowsUniformly() {
        RowNeighbourSampling sampling = new RowNeighbourSampling(oneRow(), 1e-12);
        RandomGenerator random = random();
        Set<Integer> seenOutside = new HashSet<>();
        for (int i = 0; i < 2000; i++) {
            int[] drawn = sampling.draw(0, 5, random);
            assertEquals(5, Arrays.stream(drawn).distinct().count(), "distinct");
            // with a 1e-12 floor the three row entries come first, then the rest
            assertEquals(Set.of(1, 3, 4), Set.of(drawn[0], drawn[1], drawn[2]));
            seenOutside.add(drawn[3]);
            seenOutside.add(drawn[4]);
        }
        assertEquals(Set.of(0, 2, 5), seenOutside);
        assertEquals(6, sampling.draw(0, 10, random).length, "never more than N");
        assertEquals(0, sampling.draw(0, 0, random).length);
    }

    @Test
    void rowSamplingCompletesFromTheWholeGraphByRejection() {
        int n = 1000;
        int[] offsets = new int[n + 1];
        Arrays.fill(offsets, 1, n + 1, 2);
        NeighbourDistribution rows = new NeighbourDistribution(n, offsets, new int[] {17, 400}, new float[] {0.9f, 0.1f});
        RowNeighbourSampling sampling = new RowNeighbourSampling(rows, 1e-12);
        RandomGenerator random = random();
        Set<Integer> outside = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            int[] drawn = sampling.draw(0, 10, random);
            assertEquals(10, Arrays.stream(drawn).distinct().count());
            assertEquals(Set.of(17, 400), Set.of(drawn[0], drawn[1]));
            for (int k = 2; k < 10; k++) {
                outside.add(drawn[k]);
            }
        }
        assertTrue(outside.size() > 700, "the completion spreads over the graph: " + outside.size());
    }

    @ParameterizedTest(name = "Beta({0}, {1})")
    @CsvSource({"1, 100", "2, 2", "0.5, 0.5", "3, 0.7"})
    void betaMatchesMeanAndVariance(double a, double b) {
        RandomGenerator random = random();
        double sum = 0;
        double sumSquares = 0;
        for (int i = 0; i < DRAWS; i++) {
            double x = BetaSampling.beta(a, b, random);
            assertTrue(x >= 0 && x <= 1);
            sum += x;
            sumSquares += x * x;
        }
        double mean = sum / DRAWS;
        double variance = sumSquares / DRAWS - mean * mean;
        double expectedMean = a / (a + b);
        double expectedVariance = a * b / ((a + b) * (a + b) * (a + b + 1));
        // the mean's standard error is sqrt(variance / DRAWS); allow 5 of them
        assertEquals(expectedMean, mean, 5 * Math.sqrt(expectedVariance / DRAWS));
        assertEquals(expectedVariance, variance, 0.02 * expectedVariance);
    }

    @Test
    void gammaMatchesMeanAndVariance() {
        RandomGenerator random = random();
        for (double shape : new double[] {0.3, 1, 3, 100}) {
            double sum = 0;
            double sumSquares = 0;
            for (int i = 0; i < DRAWS; i++) {
                double x = BetaSampling.gamma(shape, random);
                sum += x;
                sumSquares += x * x;
            }
            double mean = sum / DRAWS;
            assertEquals(shape, mean, 5 * Math.sqrt(shape / DRAWS), "mean of Gamma(" + shape + ")");
            assertEquals(shape, sumSquares / DRAWS - mean * mean, 0.03 * shape, "variance of Gamma(" + shape + ")");
        }
    }
}
