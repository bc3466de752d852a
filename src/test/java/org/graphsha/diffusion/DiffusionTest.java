package org.graphsha.diffusion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.graphsha.graph.Csr;
import org.graphsha.graph.EdgeList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DiffusionTest {

    private static final double ALPHA = 0.05;

    private static final Csr GRAPH = DenseDiffusionReference.smallGraph(70, 150, 7);

    private static DiffusionOptions options(int topK) {
        return DiffusionOptions.defaults().withTopK(topK).withConcurrency(2);
    }

    private static void assertRowsEqual(double[][] expected, NeighbourDistribution actual, double tolerance) {
        int n = expected.length;
        assertEquals(n, actual.nodeCount());
        for (int a = 0; a < n; a++) {
            for (int j = 0; j < n; j++) {
                double want = expected[a][j];
                double got = actual.weight(a, j);
                assertEquals(want, got, tolerance, "S̃[" + a + "][" + j + "]");
            }
            for (int k = actual.rowStart(a) + 1; k < actual.rowEnd(a); k++) {
                assertTrue(actual.column(k - 1) < actual.column(k), "row entries sorted and distinct");
            }
        }
    }

    /** Every {@code step}-th node from {@code first}, and the isolated last node, whose column is its unit vector. */
    private static boolean[] withIsolated(int first, int step) {
        boolean[] kept = new boolean[GRAPH.nodeCount()];
        for (int v = first; v < kept.length; v += step) {
            kept[v] = true;
        }
        kept[kept.length - 1] = true;
        return kept;
    }

    @ParameterizedTest
    @EnumSource(Normalization.class)
    void exactPprMatchesTheDenseSolve(Normalization normalization) {
        for (int topK : new int[] {8, 128}) {
            double[][] expected =
                DenseDiffusionReference.sparsify(DenseDiffusionReference.ppr(GRAPH, normalization, ALPHA), topK, 0);
            NeighbourDistribution rows = Diffusion.compute(GRAPH,
                options(topK).withNormalization(normalization).withMode(DiffusionMode.EXACT));
            // float32 storage of values ≤ 1 limits agreement to about 6e-8, well inside 1e-6
            assertRowsEqual(expected, rows, 1e-6);
        }
    }

    @ParameterizedTest
    @EnumSource(Normalization.class)
    void pushStaysWithinItsBoundAndUnderestimates(Normalization normalization) {
        double epsilon = 1e-5;
        double[][] dense = DenseDiffusionReference.ppr(GRAPH, normalization, ALPHA);
        PprPush push = new PprPush(GRAPH, normalization, ALPHA, epsilon);
        for (int j = 0; j < GRAPH.nodeCount(); j++) {
            double[] column = push.column(j);
            for (int v = 0; v < GRAPH.nodeCount(); v++) {
                double bound = normalization == Normalization.SYMMETRIC
                    ? epsilon * Math.sqrt((GRAPH.degree(v) + 1.0) * (GRAPH.degree(j) + 1.0))
                    : epsilon * GRAPH.degree(v);
                double exact = dense[v][j];
                assertTrue(column[v] <= exact + 1e-12, "push never overshoots");
                assertTrue(exact - column[v] <= bound + 1e-12,
                    "error " + (exact - column[v]) + " above bound " + bound + " at " + v + "," + j);
            }
        }
    }

    @Test
    void scalableKeepsTheSameTopKWhereTheBoundSeparatesIt() {
        int topK = 10;
        double epsilon = 1e-7;
        double[][] dense = DenseDiffusionReference.ppr(GRAPH, Normalization.SYMMETRIC, ALPHA);
        NeighbourDistribution rows = Diffusion.compute(GRAPH,
            options(topK).withMode(DiffusionMode.SCALABLE).withEpsilon(epsilon));
        int n = GRAPH.nodeCount();
        int maxDegree = DegreeHistogram.of(GRAPH).maxDegree() + 1;
        double bound = epsilon * maxDegree;
        int checked = 0;
        for (int j = 0; j < n; j++) {
            double[] column = new double[n];
            for (int i = 0; i < n; i++) {
                column[i] = dense[i][j];
            }
            double[] sorted = column.clone();
            Arrays.sort(sorted);
            int nonZero = (int) Arrays.stream(column).filter(x -> x > 0).count();
            if (nonZero > topK && sorted[n - topK] - sorted[n - topK - 1] <= 2 * bound) {
                continue; // the bound cannot tell these two apart, nor can a tie
            }
            checked++;
            double threshold = nonZero > topK ? sorted[n - topK] : Double.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                boolean inExact = column[i] >= threshold && column[i] > 0;
                assertEquals(inExact, rows.weight(i, j) > 0, "membership of " + i + " in column " + j);
            }
        }
        assertTrue(checked > n / 2, "most columns are separated: " + checked);
    }

    @ParameterizedTest
    @EnumSource(Normalization.class)
    void exactHeatKernelMatchesTheDenseSeries(Normalization normalization) {
        double[][] expected = DenseDiffusionReference.sparsify(DenseDiffusionReference.heat(GRAPH, normalization, 5),
            Integer.MAX_VALUE, 1e-4);
        NeighbourDistribution rows = Diffusion.compute(GRAPH, options(128).withKind(DiffusionKind.HEAT)
            .withNormalization(normalization).withMode(DiffusionMode.EXACT));
        assertRowsEqual(expected, rows, 1e-6);
    }

    @Test
    void scalableHeatKernelIsCloseToExact() {
        NeighbourDistribution exact = Diffusion.compute(GRAPH,
            options(128).withKind(DiffusionKind.HEAT).withMode(DiffusionMode.EXACT));
        NeighbourDistribution scalable = Diffusion.compute(GRAPH,
            options(128).withKind(DiffusionKind.HEAT).withMode(DiffusionMode.SCALABLE).withEpsilon(1e-9));
        for (int a = 0; a < GRAPH.nodeCount(); a++) {
            for (int j = 0; j < GRAPH.nodeCount(); j++) {
                assertEquals(exact.weight(a, j), scalable.weight(a, j), 1e-5);
            }
        }
    }

    @Test
    void noneGivesEqualWeightsOverNeighbours() {
        NeighbourDistribution rows = Diffusion.compute(GRAPH, options(128).withKind(DiffusionKind.NONE));
        for (int a = 0; a < GRAPH.nodeCount(); a++) {
            assertEquals(GRAPH.degree(a), rows.rowLength(a));
            for (int k = rows.rowStart(a); k < rows.rowEnd(a); k++) {
                assertEquals(1.0 / GRAPH.degree(a), rows.weight(k), 1e-7);
                assertEquals(GRAPH.neighbours()[GRAPH.offsets()[a] + k - rows.rowStart(a)], rows.column(k));
            }
        }
    }

    @Test
    void columnsAreStochasticAndIsolatedNodesKeepThemselves() {
        NeighbourDistribution rows = Diffusion.compute(GRAPH, options(8).withMode(DiffusionMode.SCALABLE));
        double[] sums = rows.columnSums();
        for (int j = 0; j < GRAPH.nodeCount(); j++) {
            assertEquals(1.0, sums[j], 1e-5, "column " + j);
        }
        int isolated = GRAPH.nodeCount() - 1;
        assertEquals(0, GRAPH.degree(isolated));
        assertEquals(1, rows.rowLength(isolated));
        assertEquals(1f, rows.weight(isolated, isolated));
    }

    @Test
    void resultDoesNotDependOnConcurrencyAndProgressCountsEverySource() {
        AtomicLong progress = new AtomicLong();
        NeighbourDistribution one = Diffusion.compute(GRAPH, options(16).withMode(DiffusionMode.SCALABLE).withConcurrency(1));
        NeighbourDistribution three = Diffusion.compute(GRAPH,
            options(16).withMode(DiffusionMode.SCALABLE).withConcurrency(3), progress::addAndGet);
        assertEquals(GRAPH.nodeCount(), progress.get());
        assertEquals(one.entryCount(), three.entryCount());
        for (int a = 0; a < GRAPH.nodeCount(); a++) {
            for (int k = one.rowStart(a); k < one.rowEnd(a); k++) {
                assertEquals(one.weight(k), three.weight(a, one.column(k)));
            }
        }
    }

    @Test
    void aThrowingProgressCallbackCancelsTheComputation() {
        IllegalStateException stop = new IllegalStateException("terminated");
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> Diffusion.compute(GRAPH,
            options(16).withMode(DiffusionMode.SCALABLE), done -> { throw stop; }));
        assertEquals(stop, thrown);
    }

    @Test
    void autoSolvesSmallGraphsExactly() {
        assertTrue(DiffusionOptions.defaults().exactFor(4_000));
        assertTrue(!DiffusionOptions.defaults().exactFor(4_001));
        NeighbourDistribution auto = Diffusion.compute(GRAPH, options(8));
        NeighbourDistribution exact = Diffusion.compute(GRAPH, options(8).withMode(DiffusionMode.EXACT));
        for (int a = 0; a < GRAPH.nodeCount(); a++) {
            for (int k = exact.rowStart(a); k < exact.rowEnd(a); k++) {
                assertEquals(exact.weight(k), auto.weight(a, exact.column(k)));
            }
        }
    }

    /**
     * Keeping some rows must not change them: each kept row equals the all-rows S̃'s row bit for bit, entry by entry
     * and in the same order, under top-K truncation (K = 8 of 70 nodes), heat clipping, both solvers and both
     * normalisations; the other rows are not held, and the store holds only the kept rows' entries.
     */
    @ParameterizedTest
    @EnumSource(Normalization.class)
    void keptRowsEqualTheRowsOfTheFullDistribution(Normalization normalization) {
        int n = GRAPH.nodeCount();
        boolean[] kept = withIsolated(0, 3);
        DiffusionOptions ppr = options(8).withNormalization(normalization);
        for (DiffusionOptions options : new DiffusionOptions[] {ppr.withMode(DiffusionMode.SCALABLE),
            ppr.withMode(DiffusionMode.EXACT), ppr.withKind(DiffusionKind.HEAT).withMode(DiffusionMode.SCALABLE),
            ppr.withKind(DiffusionKind.HEAT).withMode(DiffusionMode.EXACT)}) {
            NeighbourDistribution all = Diffusion.compute(GRAPH, options);
            AtomicLong progress = new AtomicLong();
            NeighbourDistribution some = Diffusion.compute(GRAPH, options, kept, progress::addAndGet);
            assertEquals(n, progress.get(), "every column is still computed");
            long keptEntries = 0;
            for (int a = 0; a < n; a++) {
                assertEquals(kept[a], some.holdsRow(a), "row " + a);
                if (!kept[a]) {
                    assertEquals(0, some.rowLength(a), "row " + a + " is not stored");
                    continue;
                }
                assertEquals(all.rowLength(a), some.rowLength(a), options + " row " + a);
                for (int i = 0; i < all.rowLength(a); i++) {
                    assertEquals(all.column(all.rowStart(a) + i), some.column(some.rowStart(a) + i));
                    assertEquals(Float.floatToRawIntBits(all.weight(all.rowStart(a) + i)),
                        Float.floatToRawIntBits(some.weight(some.rowStart(a) + i)), options + " S̃[" + a + "]");
                }
                keptEntries += all.rowLength(a);
            }
            assertEquals(keptEntries, some.entryCount());
            assertTrue(some.entryCount() < all.entryCount() / 2, "a third of the rows hold about a third of the entries");
            assertTrue(some.bytes() < all.bytes());
        }
    }

    /**
     * {@code diffusionSources: 'anchors'}: a kept row is its own node's column of S, cut to its top K and normalised
     * (column a of the column-sparsified S), not row a of S̃; only the kept nodes' columns are computed.
     */
    @ParameterizedTest
    @EnumSource(Normalization.class)
    void anchorRowsAreTheirOwnColumnsCutAndNormalised(Normalization normalization) {
        int n = GRAPH.nodeCount();
        boolean[] kept = withIsolated(1, 4);
        double[][] s = DenseDiffusionReference.ppr(GRAPH, normalization, ALPHA);
        for (int topK : new int[] {8, 128}) {
            double[][] columns = DenseDiffusionReference.sparsify(s, topK, 0);
            DiffusionOptions anchors = options(topK).withNormalization(normalization)
                .withSources(DiffusionSources.ANCHORS);
            List<Long> calls = new ArrayList<>();
            NeighbourDistribution exact = Diffusion.compute(GRAPH, anchors.withMode(DiffusionMode.EXACT), kept,
                done -> { synchronized (calls) { calls.add(done); } });
            NeighbourDistribution pushed = Diffusion.compute(GRAPH, anchors.withMode(DiffusionMode.SCALABLE), kept,
                done -> { });
            long keptCount = 0;
            for (int a = 0; a < n; a++) {
                assertEquals(kept[a], exact.holdsRow(a), "row " + a);
                if (!kept[a]) {
                    assertEquals(0, exact.rowLength(a));
                    continue;
                }
                keptCount++;
                for (int j = 0; j < n; j++) {
                    assertEquals(columns[j][a], exact.weight(a, j), 1e-6, "row " + a + ", entry " + j);
                    if (topK == 128) {
                        // Every entry kept: the push differs from the solve by its bound only.
                        assertEquals(columns[j][a], pushed.weight(a, j), 1e-3, "pushed row " + a + ", entry " + j);
                    }
                }
                for (int k = exact.rowStart(a) + 1; k < exact.rowEnd(a); k++) {
                    assertTrue(exact.column(k - 1) < exact.column(k), "row entries sorted and distinct");
                }
            }
            assertEquals(keptCount, calls.stream().mapToLong(Long::longValue).sum(), "progress counts the columns");
            assertEquals(keptCount, Diffusion.columns(n, anchors, kept));
            assertEquals(n, Diffusion.columns(n, anchors.withSources(DiffusionSources.ALL), kept));
        }
    }

    @Test
    void anchorRowsDoNotDependOnConcurrency() {
        boolean[] kept = new boolean[GRAPH.nodeCount()];
        for (int v = 0; v < kept.length; v += 2) {
            kept[v] = true;
        }
        DiffusionOptions anchors = options(8).withSources(DiffusionSources.ANCHORS).withMode(DiffusionMode.SCALABLE);
        NeighbourDistribution one = Diffusion.compute(GRAPH, anchors.withConcurrency(1), kept, done -> { });
        NeighbourDistribution two = Diffusion.compute(GRAPH, anchors.withConcurrency(2), kept, done -> { });
        assertEquals(one.entryCount(), two.entryCount());
        for (int k = 0; k < one.entryCount(); k++) {
            assertEquals(one.column(k), two.column(k));
            assertEquals(Float.floatToRawIntBits(one.weight(k)), Float.floatToRawIntBits(two.weight(k)));
        }
    }

    @Test
    void keptRowsNeedOneFlagPerNode() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Diffusion.compute(GRAPH, options(8), new boolean[3], done -> { }));
        assertEquals("the kept rows must hold one flag per node (70), but hold 3", e.getMessage());
    }

    @Test
    void degreeHistogramCoversEveryNode() {
        // path 0-1-2 plus isolated 3 and 4
        Csr graph = Csr.undirected(5, new EdgeList(new int[] {0, 1}, new int[] {1, 2}), v -> true);
        DegreeHistogram histogram = DegreeHistogram.of(graph);
        assertArrayEquals(new int[] {1, 2, 1, 0, 0}, histogram.degrees());
        assertArrayEquals(new long[] {2, 2, 1}, histogram.counts());
        assertEquals(2, histogram.maxDegree());
    }

    @Test
    void optionsRejectBadValues() {
        assertThrows(IllegalArgumentException.class, () -> DiffusionOptions.defaults().withAlpha(1.5));
        assertThrows(IllegalArgumentException.class, () -> DiffusionOptions.defaults().withTopK(0));
        DiffusionOptions defaults = DiffusionOptions.defaults();
        assertEquals(0.05, defaults.alpha());
        assertEquals(128, defaults.topK());
        assertEquals(Normalization.SYMMETRIC, defaults.normalization());
    }
}
