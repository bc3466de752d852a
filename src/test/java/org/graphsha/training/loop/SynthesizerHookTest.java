package org.graphsha.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.Masks;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.ModelSpec;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.training.CoraLt;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A trivial synthesizer that copies every training node (features, in-edges) checks that synthetic
 * nodes enter the forward and the loss. Without dropout a copy has exactly its source's logits, so
 * copies with the same labels leave the mean loss (and its gradient) unchanged all along training,
 * while copies with contradicting labels keep the loss high.
 */
class SynthesizerHookTest {

    @ParameterizedTest
    @EnumSource(BackboneKind.class)
    void copiesEnterForwardAndLoss(BackboneKind kind) {
        GraphSnapshot g = CoraLt.snapshot();
        TrainerOptions config = TrainerOptions.defaults(kind).withModel(ModelSpec.defaults(kind).withDropout(0f))
            .withEpochs(12).withSeed(11);
        double plain = lastLoss(g, config, null);
        List<float[]> previous = new ArrayList<>();
        double sameLabels = lastLoss(g, config, new Copies(g, 0, previous));
        double wrongLabels = lastLoss(g, config, new Copies(g, 1, previous));
        assertEquals(plain, sameLabels, 1e-3 * Math.max(1, plain));
        assertTrue(wrongLabels > plain + 0.1, "wrong-label copies must raise the loss: " + wrongLabels + " vs " + plain);
        assertNull(previous.get(0), "no logits exist before the first epoch");

        List<float[]> seen = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        Trainer.train(g, config.withEpochs(3), new Copies(g, 0, seen), r -> sizes.add(r.syntheticNodes()));
        assertNull(seen.get(0));
        assertEquals(g.nodeCount() * g.classCount(), seen.get(1).length);
        assertEquals(List.of(Masks.indices(g.trainMask()).length, Masks.indices(g.trainMask()).length,
            Masks.indices(g.trainMask()).length), sizes);
    }

    /** The training loss of the last epoch. */
    private static double lastLoss(GraphSnapshot g, TrainerOptions config, Synthesizer s) {
        double[] loss = new double[1];
        Trainer.train(g, config, s, r -> loss[0] = r.trainLoss());
        return loss[0];
    }

    /** Copies every training node; label shifted by {@code shift} classes. */
    private record Copies(GraphSnapshot g, int shift, List<float[]> previous) implements Synthesizer {
        @Override
        public SyntheticBatch synthesize(int epoch, float[] previousLogits, java.util.random.RandomGenerator random) {
            previous.add(previousLogits);
            int[] train = Masks.indices(g.trainMask());
            int n = g.nodeCount();
            int m = train.length;
            int[] classes = new int[m];
            float[] deltas = new float[m];
            List<int[]> edges = new ArrayList<>();
            Csr csr = g.adjacency();
            for (int k = 0; k < m; k++) {
                int v = train[k];
                classes[k] = (g.classes()[v] + shift) % g.classCount();
                deltas[k] = 1f;
                for (int e = csr.offsets()[v]; e < csr.offsets()[v + 1]; e++) {
                    edges.add(new int[] {csr.neighbours()[e], n + k});
                }
            }
            int[] src = edges.stream().mapToInt(e -> e[0]).toArray();
            int[] dst = edges.stream().mapToInt(e -> e[1]).toArray();
            return new SyntheticBatch(train, train.clone(), deltas, classes, src, dst);
        }
    }
}
