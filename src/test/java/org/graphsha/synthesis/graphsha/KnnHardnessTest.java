package org.graphsha.synthesis.graphsha;

import org.graphsha.synthesis.Hardness;
import org.graphsha.synthesis.SynthesisCounts;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SynthesisTarget;
import org.graphsha.synthesis.TrainingClasses;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import org.graphsha.data.KnownDataset;
import org.graphsha.data.LongTailedSplit;
import org.graphsha.data.Snapshots;
import org.graphsha.data.SplitResult;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.DiffusionKind;
import org.graphsha.diffusion.DiffusionOptions;
import org.graphsha.graph.Csr;
import org.graphsha.graph.Dataset;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.api.Test;

/** GraphSHA's harder synthesis with the kNN hardness of docs/algorithm.md §10.4. */
class KnnHardnessTest {

    private static final int NODES = 7;

    /** Seven training nodes without edges: class 0 is nodes 0-4, class 1 nodes 5 and 6 (2 classes). */
    private static GraphSnapshot seven() {
        Csr none = Csr.undirected(NODES, new EdgeList(new int[0], new int[0]), v -> true);
        boolean[] train = new boolean[NODES];
        Arrays.fill(train, true);
        return new GraphSnapshot(none, new SparseFeatures(NODES, 0, new int[NODES + 1], new int[0], new float[0]),
            new int[] {0, 0, 0, 0, 0, 1, 1}, 2, train, new boolean[NODES], new boolean[NODES]);
    }

    /** Logits (x, 0) per node: the latent space is the line of the x values. */
    private static float[] onLine(double... x) {
        float[] logits = new float[2 * x.length];
        for (int v = 0; v < x.length; v++) {
            logits[2 * v] = (float) x[v];
        }
        return logits;
    }

    private static SynthesisOptions knn(int k) {
        return SynthesisOptions.defaults().withTarget(SynthesisTarget.MAX).withHardness(Hardness.knn(k));
    }

    /** excludeOwnClass has no wither: only this test and the configuration set it. */
    private static SynthesisOptions keepingOwnClass(SynthesisOptions o) {
        return o.withExcludeOwnClass(false);
    }

    @Test
    void theHardAnchorIsDrawnAndItsAuxiliaryIsItsNearestNodeOfAnotherClass() {
        // class 0 at 0..4; node 5 at 4.5 (its nearest is node 4: hardness 1); node 6 at 5.2 (nearest is
        // node 5: hardness 0, so it is drawn with weight 1e-12 only)
        GraphShaSynthesizer synthesizer = GraphShaSynthesizer.create(seven(), knn(1));
        float[] logits = onLine(0, 1, 2, 3, 4, 4.5, 5.2);
        for (int seed = 0; seed < 20; seed++) {
            SyntheticBatch batch = synthesizer.synthesize(8, logits, new SplittableRandom(seed));
            assertEquals(3, batch.size());
            for (int k = 0; k < batch.size(); k++) {
                assertEquals(5, batch.anchors()[k]);
                assertEquals(4, batch.auxiliaries()[k]);
                assertEquals(1, batch.classes()[k]);
            }
        }
    }

    @Test
    void anAnchorWhoseNeighboursAllShareItsClassGetsTheNearestNodeOfAnotherClass() {
        // class 1 sits apart at 10 and 10.5: both have hardness 0, so anchors are drawn uniformly, and
        // each one's single neighbour is the other class-1 node
        float[] logits = onLine(0, 1, 2, 3, 4, 10, 10.5);
        GraphShaSynthesizer excluding = GraphShaSynthesizer.create(seven(), knn(1));
        GraphShaSynthesizer including = GraphShaSynthesizer.create(seven(), keepingOwnClass(knn(1)));
        Set<Integer> anchors = new HashSet<>();
        for (int seed = 0; seed < 20; seed++) {
            SyntheticBatch batch = excluding.synthesize(8, logits, new SplittableRandom(seed));
            for (int k = 0; k < batch.size(); k++) {
                anchors.add(batch.anchors()[k]);
                assertEquals(4, batch.auxiliaries()[k]);
            }
            // excludeOwnClass: false keeps the own-class neighbour, as the reference's --no_mask does
            SyntheticBatch own = including.synthesize(8, logits, new SplittableRandom(seed));
            for (int k = 0; k < own.size(); k++) {
                assertEquals(11 - own.anchors()[k], own.auxiliaries()[k]);
            }
        }
        assertEquals(Set.of(5, 6), anchors);
    }

    @Test
    void withoutLogitsAnchorsAndAuxiliariesAreUniform() {
        GraphShaSynthesizer synthesizer = GraphShaSynthesizer.create(seven(), knn(2).withWarmupEpochs(-1));
        Set<Integer> anchors = new HashSet<>();
        Set<Integer> auxiliaries = new HashSet<>();
        for (int seed = 0; seed < 40; seed++) {
            SyntheticBatch batch = synthesizer.synthesize(0, null, new SplittableRandom(seed));
            for (int k = 0; k < batch.size(); k++) {
                anchors.add(batch.anchors()[k]);
                auxiliaries.add(batch.auxiliaries()[k]);
            }
        }
        assertEquals(Set.of(5, 6), anchors);
        assertEquals(Set.of(0, 1, 2, 3, 4), auxiliaries);
    }

    @Test
    void onCoraLongTailedEveryAuxiliaryIsOneOfItsAnchorsKNearestOfAnotherClass() {
        Dataset dataset = KnownDataset.CORA.readBundled(false);
        SplitResult split = LongTailedSplit.compute(dataset.classes(), dataset.classCount(), dataset.publicSplit(),
            dataset.edges(), 100);
        GraphSnapshot cora = Snapshots.of(dataset, split, false);
        int classes = cora.classCount();
        SplittableRandom noise = new SplittableRandom(3);
        float[] logits = new float[cora.nodeCount() * classes];
        for (int i = 0; i < logits.length; i++) {
            logits[i] = (float) (noise.nextGaussian() * 2);
        }
        // S̃ plays no part in the pairing, so the one-hop distribution keeps the test fast
        SynthesisOptions options = knn(10).withTarget(SynthesisTarget.MEAN);
        GraphShaSynthesizer synthesizer = new GraphShaSynthesizer(cora,
            Diffusion.compute(cora.adjacency(), DiffusionOptions.defaults().withKind(DiffusionKind.NONE)), options);
        SyntheticBatch batch = synthesizer.synthesize(8, logits, new SplittableRandom(5));
        SyntheticBatch again = synthesizer.synthesize(8, logits, new SplittableRandom(5));
        assertArrayEquals(batch.anchors(), again.anchors());
        assertArrayEquals(batch.auxiliaries(), again.auxiliaries());
        assertArrayEquals(batch.edgeSources(), again.edgeSources());
        assertArrayEquals(batch.deltas(), again.deltas());

        TrainingClasses training = new TrainingClasses(cora);
        int[] classAt = new int[training.all.length];
        for (int i = 0; i < classAt.length; i++) {
            classAt[i] = cora.classes()[training.all[i]];
        }
        LatentNeighbours latent = new LatentNeighbours(
            LatentNeighbours.centredRows(logits, training.all, classes), classAt, 10);
        assertEquals(SynthesisCounts.total(synthesizer.targetCounts()), batch.size());
        int hardAnchors = 0;
        for (int k = 0; k < batch.size(); k++) {
            int anchor = training.indexOf[batch.anchors()[k]];
            int auxiliary = training.indexOf[batch.auxiliaries()[k]];
            assertEquals(cora.classes()[batch.anchors()[k]], batch.classes()[k]);
            assertNotEquals(classAt[anchor], classAt[auxiliary]);
            boolean amongNearest = Arrays.stream(latent.of(anchor)).anyMatch(j -> j == auxiliary);
            assertTrue(amongNearest || latent.hardness(anchor) == 0, "synthetic node " + k);
            hardAnchors += latent.hardness(anchor) > 0 ? 1 : 0;
        }
        assertEquals(batch.size(), hardAnchors, "an anchor of hardness 0 weighs only 1e-12");
    }
}
