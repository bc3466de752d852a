package org.graphsha.synthesis.graphsha;

import org.graphsha.synthesis.Ablation;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SynthesisReport;
import org.graphsha.synthesis.SynthesisTarget;
import org.graphsha.synthesis.SyntheticEdges;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.graphsha.data.KnownDataset;
import org.graphsha.data.LongTailedSplit;
import org.graphsha.data.Snapshots;
import org.graphsha.data.SplitResult;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.DiffusionMode;
import org.graphsha.diffusion.DiffusionOptions;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.Csr;
import org.graphsha.graph.Dataset;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class GraphShaSynthesizerTest {

    private static GraphSnapshot cora;
    private static NeighbourDistribution rows;
    private static int n;
    private static int classes;

    @BeforeAll
    static void coraLongTailed() {
        Dataset dataset = KnownDataset.CORA.readBundled(false);
        SplitResult split = LongTailedSplit.compute(dataset.classes(), dataset.classCount(), dataset.publicSplit(),
            dataset.edges(), 100);
        cora = Snapshots.of(dataset, split, false);
        n = cora.nodeCount();
        classes = cora.classCount();
        // a loose tolerance keeps the test fast; these tests check the synthesis, not the diffusion
        rows = Diffusion.compute(cora.adjacency(),
            DiffusionOptions.defaults().withMode(DiffusionMode.SCALABLE).withEpsilon(1e-4));
    }

    private static GraphShaSynthesizer synthesizer(SynthesisOptions options) {
        return new GraphShaSynthesizer(cora, rows, options);
    }

    private static float[] randomLogits(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        float[] logits = new float[n * classes];
        for (int i = 0; i < logits.length; i++) {
            logits[i] = (float) (random.nextGaussian() * 2);
        }
        return logits;
    }

    /** Sources of the edges into each synthetic node, in edge order. */
    private static List<List<Integer>> inboundSources(SyntheticBatch batch) {
        List<List<Integer>> inbound = new ArrayList<>();
        for (int k = 0; k < batch.size(); k++) {
            inbound.add(new ArrayList<>());
        }
        for (int e = 0; e < batch.edgeSources().length; e++) {
            int target = batch.edgeTargets()[e];
            if (target >= n) {
                assertTrue(batch.edgeSources()[e] < n, "synthetic nodes only connect to original ones");
                inbound.get(target - n).add(batch.edgeSources()[e]);
            }
        }
        return inbound;
    }

    private static int[] countPerClass(int[] syntheticClasses) {
        int[] counts = new int[classes];
        for (int c : syntheticClasses) {
            counts[c]++;
        }
        return counts;
    }

    private static int[] neighboursOf(Csr graph, int v) {
        return Arrays.copyOfRange(graph.neighbours(), graph.offsets()[v], graph.offsets()[v + 1]);
    }

    @Test
    void warmUpMixesEasySamplesAndCopiesEveryAnchorEdge() {
        GraphShaSynthesizer synthesizer = synthesizer(SynthesisOptions.defaults());
        SyntheticBatch batch = synthesizer.synthesize(0, null, new SplittableRandom(1));
        assertEquals(1756, batch.size());
        assertArrayEquals(new int[] {307, 334, 183, 0, 268, 326, 338}, countPerClass(batch.classes()));
        List<List<Integer>> inbound = inboundSources(batch);
        for (int k = 0; k < batch.size(); k++) {
            int anchor = batch.anchors()[k];
            assertTrue(cora.trainMask()[anchor] && cora.trainMask()[batch.auxiliaries()[k]]);
            assertEquals(cora.classes()[anchor], batch.classes()[k]);
            if (k > 0) {
                assertTrue(batch.anchors()[k - 1] <= anchor, "anchors sorted by position");
            }
            int[] copied = inbound.get(k).stream().mapToInt(Integer::intValue).sorted().toArray();
            assertArrayEquals(neighboursOf(cora.adjacency(), anchor), copied, "all anchor edges, into the synthetic node");
        }
        SynthesisReport report = synthesizer.lastReport();
        assertEquals(SynthesisReport.Phase.WARM_UP, report.phase());
        assertEquals(0.5, report.meanDelta(), 0.02, "Beta(2, 2) mean");
        assertEquals((double) batch.edgeSources().length / batch.size(), report.meanSyntheticInDegree(), 1e-12);
    }

    @Test
    void harderSamplesDrawDistinctNeighboursFromTheAnchorRowWithinTheDegreeCap() {
        GraphShaSynthesizer synthesizer = synthesizer(SynthesisOptions.defaults());
        SyntheticBatch batch = synthesizer.synthesize(6, randomLogits(3), new SplittableRandom(2));
        assertEquals(318, batch.size());
        assertArrayEquals(new int[] {56, 83, 0, 0, 17, 75, 87}, countPerClass(batch.classes()));
        List<List<Integer>> inbound = inboundSources(batch);
        assertEquals(batch.edgeSources().length, inbound.stream().mapToInt(List::size).sum(), "inbound edges only");
        int withEdges = 0;
        for (int k = 0; k < batch.size(); k++) {
            int anchor = batch.anchors()[k];
            int auxiliary = batch.auxiliaries()[k];
            assertEquals(cora.classes()[anchor], batch.classes()[k]);
            assertTrue(cora.trainMask()[anchor] && cora.trainMask()[auxiliary]);
            assertNotEquals(cora.classes()[anchor], cora.classes()[auxiliary], "own class excluded");
            if (k > 0) {
                assertTrue(batch.classes()[k - 1] <= batch.classes()[k], "grouped by class id");
            }
            List<Integer> chosen = inbound.get(k);
            assertEquals(chosen.size(), chosen.stream().distinct().count(), "without replacement");
            assertTrue(chosen.size() <= cora.adjacency().degree(anchor), "degree capped by the anchor's");
            if (rows.rowLength(anchor) >= chosen.size()) {
                for (int u : chosen) {
                    assertTrue(rows.weight(anchor, u) > 0, "neighbour " + u + " from row S̃[" + anchor + "]");
                }
            }
            withEdges += chosen.isEmpty() ? 0 : 1;
        }
        assertTrue(withEdges > 0);
        SynthesisReport report = synthesizer.lastReport();
        assertEquals(SynthesisReport.Phase.HARDER, report.phase());
        assertEquals(1.0 / 101, report.meanDelta(), 0.004, "Beta(1, 100) mean");
    }

    /** The warm-up's 1756 and the mean target's 318 nodes, each bounded to 100 with the classes' shares kept. */
    @Test
    void maxSyntheticNodesBoundsEveryEpoch() {
        GraphShaSynthesizer synthesizer = synthesizer(SynthesisOptions.defaults().withMaxSyntheticNodes(100));
        SyntheticBatch warmup = synthesizer.synthesize(0, null, new SplittableRandom(1));
        assertArrayEquals(new int[] {18, 19, 10, 0, 15, 19, 19}, countPerClass(warmup.classes()));
        SyntheticBatch harder = synthesizer.synthesize(6, randomLogits(3), new SplittableRandom(2));
        assertArrayEquals(new int[] {18, 26, 0, 0, 5, 24, 27}, countPerClass(harder.classes()));
        assertEquals(100, synthesizer.lastReport().syntheticCount());
    }

    @Test
    void bidirectionalEdgesAlsoLeaveTheSyntheticNode() {
        SynthesisOptions options = SynthesisOptions.defaults().withSyntheticEdges(SyntheticEdges.BIDIRECTIONAL);
        for (int epoch : new int[] {0, 6}) {
            SyntheticBatch batch = synthesizer(options).synthesize(epoch, randomLogits(4), new SplittableRandom(5));
            int[] s = batch.edgeSources();
            int[] t = batch.edgeTargets();
            assertEquals(0, s.length % 2);
            for (int e = 0; e < s.length; e += 2) {
                assertTrue(s[e] < n && t[e] >= n, "neighbour -> synthetic first");
                assertEquals(s[e], t[e + 1]);
                assertEquals(t[e], s[e + 1]);
            }
        }
    }

    @Test
    void withoutSemiMixupTakesNeighboursFromTheAuxiliaryRow() {
        SynthesisOptions options = SynthesisOptions.defaults().withAblation(Ablation.HARD_WITHOUT_SEMIMIXUP);
        SyntheticBatch batch = synthesizer(options).synthesize(9, randomLogits(6), new SplittableRandom(7));
        List<List<Integer>> inbound = inboundSources(batch);
        for (int k = 0; k < batch.size(); k++) {
            int auxiliary = batch.auxiliaries()[k];
            List<Integer> chosen = inbound.get(k);
            assertTrue(chosen.size() <= cora.adjacency().degree(auxiliary));
            if (rows.rowLength(auxiliary) >= chosen.size()) {
                for (int u : chosen) {
                    assertTrue(rows.weight(auxiliary, u) > 0);
                }
            }
        }
    }

    @Test
    void easySampleAblationMixesEveryEpochUpToTheTarget() {
        SynthesisOptions options = SynthesisOptions.defaults().withAblation(Ablation.EASY_SAMPLES);
        GraphShaSynthesizer synthesizer = synthesizer(options);
        SyntheticBatch batch = synthesizer.synthesize(20, randomLogits(8), new SplittableRandom(9));
        assertEquals(318, batch.size());
        assertEquals(SynthesisReport.Phase.EASY, synthesizer.lastReport().phase());
        List<List<Integer>> inbound = inboundSources(batch);
        for (int k = 0; k < batch.size(); k++) {
            assertEquals(cora.adjacency().degree(batch.anchors()[k]), inbound.get(k).size());
        }
    }

    @Test
    void maxTargetAndWarmupLengthAreHonoured() {
        GraphShaSynthesizer synthesizer = synthesizer(SynthesisOptions.defaults().withTarget(SynthesisTarget.MAX)
            .withWarmupEpochs(-1));
        SyntheticBatch batch = synthesizer.synthesize(0, null, new SplittableRandom(10));
        assertEquals(SynthesisReport.Phase.HARDER, synthesizer.lastReport().phase());
        assertEquals(1756, batch.size());
    }

    @Test
    void sameSeedGivesTheSameBatch() {
        float[] logits = randomLogits(11);
        SyntheticBatch first = synthesizer(SynthesisOptions.defaults()).synthesize(7, logits, new SplittableRandom(12));
        SyntheticBatch second = synthesizer(SynthesisOptions.defaults()).synthesize(7, logits, new SplittableRandom(12));
        assertArrayEquals(first.anchors(), second.anchors());
        assertArrayEquals(first.auxiliaries(), second.auxiliaries());
        assertArrayEquals(first.deltas(), second.deltas());
        assertArrayEquals(first.edgeSources(), second.edgeSources());
        assertArrayEquals(first.edgeTargets(), second.edgeTargets());
    }

    /**
     * The rows of the training nodes are all synthesis reads: SemiMixup and its auxiliary-row ablation draw the same
     * batches from them as from every row, and a distribution without them is refused up front.
     */
    @Test
    void theTrainingNodesRowsGiveTheSameBatchesAsEveryRow() {
        DiffusionOptions loose = DiffusionOptions.defaults().withMode(DiffusionMode.SCALABLE).withEpsilon(1e-4);
        boolean[] read = GraphShaSynthesizer.rowsRead(cora, false);
        NeighbourDistribution trainingRows = Diffusion.compute(cora.adjacency(), loose, read, done -> { });
        assertTrue(trainingRows.entryCount() < rows.entryCount(), "Cora-LT trains on a few hundred of 2708 nodes");
        float[] logits = randomLogits(15);
        for (Ablation ablation : new Ablation[] {Ablation.NONE, Ablation.HARD_WITHOUT_SEMIMIXUP}) {
            SynthesisOptions options = SynthesisOptions.defaults().withAblation(ablation);
            for (int epoch : new int[] {0, 7}) {
                SyntheticBatch all = synthesizer(options).synthesize(epoch, logits, new SplittableRandom(16));
                SyntheticBatch some = new GraphShaSynthesizer(cora, trainingRows, options)
                    .synthesize(epoch, logits, new SplittableRandom(16));
                assertTrue(all.size() > 0);
                assertArrayEquals(all.anchors(), some.anchors());
                assertArrayEquals(all.auxiliaries(), some.auxiliaries());
                assertArrayEquals(all.deltas(), some.deltas());
                assertArrayEquals(all.edgeSources(), some.edgeSources());
                assertArrayEquals(all.edgeTargets(), some.edgeTargets());
            }
        }
        boolean[] missing = read.clone();
        int dropped = -1;
        for (int v = 0; v < n && dropped < 0; v++) {
            if (missing[v]) {
                missing[v] = false;
                dropped = v;
            }
        }
        NeighbourDistribution lacking = Diffusion.compute(cora.adjacency(), loose, missing, done -> { });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new GraphShaSynthesizer(cora, lacking, SynthesisOptions.defaults()));
        assertEquals("the neighbour distribution lacks the row of training node " + dropped
            + "; compute it with the rows of GraphShaSynthesizer.rowsRead for this snapshot", e.getMessage());
    }

    @Test
    void confidentAnchorsAreRarelyPickedAndTheNeighbourClassFollowsConfidence() {
        int[] pool = java.util.stream.IntStream.range(0, n)
            .filter(v -> cora.trainMask()[v] && cora.classes()[v] == 1).toArray();
        assertEquals(7, pool.length);
        float[] logits = new float[n * classes];
        int confident = pool[0];
        logits[confident * classes + 1] = 20; // sure of its own class: easy
        for (int v : pool) {
            if (v != confident) {
                logits[v * classes + 3] = 6; // leaning to class 3
            }
        }
        GraphShaSynthesizer synthesizer = synthesizer(SynthesisOptions.defaults());
        SplittableRandom random = new SplittableRandom(13);
        int confidentPicks = 0;
        int towardsThree = 0;
        int fromClassOne = 0;
        for (int epoch = 6; epoch < 26; epoch++) {
            SyntheticBatch batch = synthesizer.synthesize(epoch, logits, random);
            for (int k = 0; k < batch.size(); k++) {
                if (batch.classes()[k] == 1) {
                    fromClassOne++;
                    confidentPicks += batch.anchors()[k] == confident ? 1 : 0;
                    towardsThree += cora.classes()[batch.auxiliaries()[k]] == 3 ? 1 : 0;
                }
            }
        }
        assertEquals(83 * 20, fromClassOne);
        assertTrue(confidentPicks <= 3, "confident anchor picked " + confidentPicks + " times");
        // softmax(6/2) puts about 0.77 of the mass on class 3 once class 1 is excluded
        assertTrue(towardsThree > 0.7 * fromClassOne, "auxiliaries from class 3: " + towardsThree);
    }

    @Test
    void classesWithoutTrainingNodesAreSkippedAndBadLogitsRejected() {
        // 6 nodes on a path; class 0 trains nodes 0-2, class 1 trains node 3, class 2 has no training node
        Csr path = Csr.undirected(6, new EdgeList(new int[] {0, 1, 2, 3, 4}, new int[] {1, 2, 3, 4, 5}), v -> true);
        boolean[] train = {true, true, true, true, false, false};
        GraphSnapshot tiny = new GraphSnapshot(path, new SparseFeatures(6, 0, new int[7], new int[0], new float[0]),
            new int[] {0, 0, 0, 1, 2, 2}, 3, train, new boolean[6], new boolean[6]);
        GraphShaSynthesizer synthesizer = GraphShaSynthesizer.create(tiny,
            SynthesisOptions.defaults().withTarget(SynthesisTarget.MAX));
        assertArrayEquals(new int[] {0, 2, 0}, synthesizer.targetCounts());
        SyntheticBatch batch = synthesizer.synthesize(8, new float[18], new SplittableRandom(14));
        assertEquals(2, batch.size());
        for (int k = 0; k < 2; k++) {
            assertEquals(3, batch.anchors()[k]);
            assertEquals(0, tiny.classes()[batch.auxiliaries()[k]]);
        }
        assertThrows(IllegalArgumentException.class, () -> synthesizer.synthesize(8, new float[5], new SplittableRandom(1)));
    }

    @Test
    void optionsValidate() {
        assertThrows(IllegalArgumentException.class, () -> SynthesisOptions.defaults().withBetaA(0));
        assertThrows(IllegalArgumentException.class, () -> SynthesisOptions.defaults().withTemperature(-1));
        assertThrows(IllegalArgumentException.class, () -> SynthesisOptions.defaults().withWarmupEpochs(-2));
        SynthesisOptions defaults = SynthesisOptions.defaults();
        assertEquals(5, defaults.warmupEpochs());
        assertEquals(2.0, defaults.temperature());
        assertEquals(SyntheticEdges.INBOUND, defaults.syntheticEdges());
    }
}
