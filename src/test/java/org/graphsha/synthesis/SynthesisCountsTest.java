package org.graphsha.synthesis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.graphsha.data.KnownDataset;
import org.graphsha.data.LongTailedSplit;
import org.graphsha.data.SplitResult;
import org.graphsha.data.SplitRole;
import org.graphsha.data.StepSplit;
import org.graphsha.graph.Dataset;
import org.graphsha.testing.SharedDatasets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The per-class synthesis counts of docs/algorithm.md §4.2, on splits built by the project's own split code. */
class SynthesisCountsTest {

    private static int[] longTailedTrainCounts(Dataset dataset) {
        SplitResult split = LongTailedSplit.compute(dataset.classes(), dataset.classCount(), dataset.publicSplit(),
            dataset.edges(), 100);
        return split.countPerClass(SplitRole.TRAIN);
    }

    private static int[] stepTrainCounts(String name) {
        Dataset dataset = KnownDataset.readFolder(name, SharedDatasets.require(name), false);
        return StepSplit.compute(dataset.classes(), dataset.classCount(), 20).countPerClass(SplitRole.TRAIN);
    }

    private static void assertTable(int[] trainCounts, int[] expectedMean, int warmupTotal) {
        int[] mean = SynthesisCounts.perClass(trainCounts, SynthesisTarget.MEAN);
        assertArrayEquals(expectedMean, mean);
        assertEquals(warmupTotal, SynthesisCounts.total(SynthesisCounts.perClass(trainCounts, SynthesisTarget.MAX)));
    }

    @Test
    void coraLongTailed() {
        int[] n = longTailedTrainCounts(KnownDataset.CORA.readBundled(false));
        assertArrayEquals(new int[] {34, 7, 158, 341, 73, 15, 3}, n);
        assertTable(n, new int[] {56, 83, 0, 0, 17, 75, 87}, 1756);
        assertEquals(318, SynthesisCounts.total(SynthesisCounts.perClass(n, SynthesisTarget.MEAN)));
    }

    @Test
    void citeseerLongTailed() {
        int[] n = longTailedTrainCounts(KnownDataset.CITESEER.readBundled(false));
        assertArrayEquals(new int[] {3, 23, 371, 147, 58, 9}, n);
        assertTable(n, new int[] {98, 78, 0, 0, 43, 92}, 1615);
        assertEquals(311, SynthesisCounts.total(SynthesisCounts.perClass(n, SynthesisTarget.MEAN)));
    }

    @Test
    void pubmedLongTailed() {
        Dataset pubmed = KnownDataset.readFolder("pubmed", SharedDatasets.require("pubmed"), false);
        int[] n = longTailedTrainCounts(pubmed);
        assertArrayEquals(new int[] {72, 726, 7260}, n);
        assertTable(n, new int[] {2614, 1960, 0}, 13_722);
    }

    @ParameterizedTest(name = "{0}-ST")
    @CsvSource({
        "photo,     8,  85,  340, 684",
        "computers, 10, 123, 615, 1235",
        "cs,        15, 106, 848, 1824",
    })
    void stepSets(String name, int classes, int perMinor, int total, int warmupTotal) {
        int[] n = stepTrainCounts(name);
        int majors = classes / 2;
        int[] expected = new int[classes];
        for (int c = majors; c < classes; c++) {
            expected[c] = perMinor;
        }
        assertTable(n, expected, warmupTotal);
        assertEquals(total, SynthesisCounts.total(expected));
    }

    @Test
    void maxTargetFillsEveryClassToTheLargest() {
        assertArrayEquals(new int[] {7, 0, 9}, SynthesisCounts.perClass(new int[] {3, 10, 1}, SynthesisTarget.MAX));
        // mean 14/3 = 4.67: floor(4.67 - 3) = 1, none for the large class, floor(4.67 - 1) = 3
        assertArrayEquals(new int[] {1, 0, 3}, SynthesisCounts.perClass(new int[] {3, 10, 1}, SynthesisTarget.MEAN));
    }

    /** Cora-LT's warm-up counts (max − n_c) under a limit: shares kept, the rounding's remainder to the largest fractions. */
    @Test
    void aLimitScalesEveryClassAlikeAndSpendsItExactly() {
        int[] warmup = SynthesisCounts.perClass(new int[] {34, 7, 158, 341, 73, 15, 3}, SynthesisTarget.MAX);
        assertArrayEquals(new int[] {307, 334, 183, 0, 268, 326, 338}, warmup);
        // 1756 asked for, 500 allowed: 307 * 500 / 1756 = 87.41, 334 → 95.10, 183 → 52.11, 268 → 76.31, 326 → 92.82,
        // 338 → 96.24; the floors give 498, and the two largest fractions (0.82, 0.41) get one more each.
        assertArrayEquals(new int[] {88, 95, 52, 0, 76, 93, 96}, SynthesisCounts.capped(warmup, 500));
        assertEquals(500, SynthesisCounts.total(SynthesisCounts.capped(warmup, 500)));
        assertArrayEquals(warmup, SynthesisCounts.capped(warmup, 1756), "within the limit: unchanged");
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0, 1}, SynthesisCounts.capped(warmup, 1),
            "a single node goes to the largest remainder: the class that asks most");
    }
}
