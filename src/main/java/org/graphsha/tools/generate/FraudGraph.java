package org.graphsha.tools.generate;

import java.util.SplittableRandom;

import org.graphsha.graph.IntArrayBuilder;

/**
 * The binary fraud shape of the user-shaped graph ({@code --user-shape fraud}): a few percent positives among
 * accounts, positives grouped into rings, and a homophily that is the expected share of a positive's edges that lead
 * to other positives. Every node first gets background edges to uniformly drawn nodes (average degree
 * {@code averageDegree}), so positives also pay ordinary accounts; then positive-positive edges are added until a
 * positive's expected share of positive neighbours is the homophily: each ring's cycle first, then chords inside the
 * ring, then edges between rings (a community of rings). Features are scalar properties in raw units
 * ({@link ClassFeatures}, {@code rawUnits}).
 */
final class FraudGraph {

    private FraudGraph() {}

    static GeneratedGraph generate(UserGraphSettings s) {
        SplittableRandom random = new SplittableRandom(s.seed() ^ 0xF4A0DL);
        int n = s.nodes();
        int[] sizes = ClassSizes.of(n, 2, s.classRatio());
        int[] classes = new int[n];
        int[] positives = new int[sizes[1]];
        int[] order = shuffled(n, random);
        for (int k = 0; k < positives.length; k++) {
            positives[k] = order[k];
            classes[order[k]] = 1;
        }
        long background = Math.round(n * s.averageDegree() / 2);
        // A positive has about averageDegree background edges; h / (1 - h) times as many go to positives.
        double h = Math.min(s.homophily(), 0.95);
        long inner = Math.round(positives.length * s.averageDegree() * h / (1 - h) / 2);
        long possible = (long) positives.length * (positives.length - 1) / 2;
        inner = Math.min(inner, possible / 2);
        PairSet seen = new PairSet(background + inner);
        IntArrayBuilder sources = new IntArrayBuilder();
        IntArrayBuilder targets = new IntArrayBuilder();
        for (long e = 0, tries = 0; e < background && tries < 20 * background; tries++) {
            int u = random.nextInt(n);
            int v = random.nextInt(n);
            if (u != v && seen.add(u, v)) {
                sources.add(Math.max(u, v));
                targets.add(Math.min(u, v));
                e++;
            }
        }
        long added = 0;
        int ring = Math.max(2, s.ringSize());
        // Rings: cycles, then chords, over consecutive blocks of the shuffled positives.
        for (int offset = 1; offset < ring && added < inner; offset++) {
            for (int start = 0; start < positives.length && added < inner; start += ring) {
                int size = Math.min(ring, positives.length - start);
                for (int k = 0; k < size && added < inner && offset < size; k++) {
                    int u = positives[start + k];
                    int v = positives[start + (k + offset) % size];
                    if (u != v && seen.add(u, v)) {
                        sources.add(Math.max(u, v));
                        targets.add(Math.min(u, v));
                        added++;
                    }
                }
            }
        }
        for (long tries = 0; added < inner && tries < 50 * inner; tries++) {
            int u = positives[random.nextInt(positives.length)];
            int v = positives[random.nextInt(positives.length)];
            if (u != v && seen.add(u, v)) {
                sources.add(Math.max(u, v));
                targets.add(Math.min(u, v));
                added++;
            }
        }
        ClassFeatures features = new ClassFeatures(2, s.features(), s.featureSignal(), s.seed(), true);
        return new GeneratedGraph(s.graph(), classes, sizes, new int[n], sources.toArray(), targets.toArray(),
            features);
    }

    private static int[] shuffled(int n, SplittableRandom random) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int j = n - 1; j > 0; j--) {
            int other = random.nextInt(j + 1);
            int swap = order[j];
            order[j] = order[other];
            order[other] = swap;
        }
        return order;
    }
}
