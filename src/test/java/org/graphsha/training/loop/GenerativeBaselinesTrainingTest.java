package org.graphsha.training.loop;

import org.graphsha.training.CoraLt;
import org.graphsha.training.losses.LossAdjustment;
import org.graphsha.training.losses.LossKind;
import org.graphsha.training.losses.TamAdjustment;
import org.graphsha.training.losses.TamOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.BackboneKind;
import org.graphsha.synthesis.FeatureGradientListener;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.synthesis.ens.EnsOptions;
import org.graphsha.synthesis.ens.EnsSynthesizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** GraphENS and TAM through the real trainer on Cora-LT (GCN, a few epochs). */
class GenerativeBaselinesTrainingTest {

    private static final TrainerOptions CONFIG = TrainerOptions.defaults(BackboneKind.GCN).withSeed(3);

    @Test
    void graphEnsGetsTheSaliencyOfEveryStepAndMasksAfterWarmUp() {
        GraphSnapshot g = CoraLt.snapshot();
        Watching ens = new Watching(new EnsSynthesizer(g, EnsOptions.graphEns()));
        List<Integer> sizes = new ArrayList<>();
        TrainingResult r = Trainer.train(g, CONFIG.withEpochs(6), ens, report -> sizes.add(report.syntheticNodes()));
        assertEquals(List.of(1756, 1756, 1756, 1756, 1756, 1756), sizes, "every class filled up to 341");
        assertEquals(List.of(0, 1, 2, 3, 4, 5), ens.gradientEpochs);
        assertEquals(631 * 1433, ens.lastGradient.length);
        double norm = 0;
        for (float v : ens.lastGradient) {
            norm += Math.abs(v);
        }
        assertTrue(norm > 0, "the loss gradient reaches the input rows");
        assertEquals(null, ens.batches.get(0).corrections(), "epoch 0 is GraphENS's warm-up");
        assertNotNull(ens.batches.get(5).corrections());
        assertTrue(ens.batches.get(5).corrections().size() > 0, "salient features keep the anchor's value");
        assertTrue(Double.isFinite(r.test().accuracy()));
    }

    @ParameterizedTest
    // The sign backbone scores rows without a graph: it takes neither virtual links nor feature gradients.
    @EnumSource(value = BackboneKind.class, names = "SIGN", mode = EnumSource.Mode.EXCLUDE)
    void everyBackboneDeliversTheInputGradient(BackboneKind kind) {
        GraphSnapshot g = CoraLt.snapshot();
        Watching ens = new Watching(new EnsSynthesizer(g, EnsOptions.graphEns()));
        Trainer.train(g, TrainerOptions.defaults(kind).withEpochs(3), ens, null);
        assertEquals(List.of(0, 1, 2), ens.gradientEpochs);
        assertEquals(631 * 1433, ens.lastGradient.length);
        assertTrue(ens.batches.get(2).corrections().size() > 0);
    }

    @Test
    void tamChangesTheLossOnlyAfterItsWarmUp() {
        GraphSnapshot g = CoraLt.snapshot();
        List<Double> plain = losses(g, CONFIG, new EnsSynthesizer(g, EnsOptions.underTam()), null);
        List<Double> tam = losses(g, CONFIG, new EnsSynthesizer(g, EnsOptions.underTam()),
            new TamAdjustment(g, TamOptions.defaults()));
        assertEquals(plain.subList(0, 5), tam.subList(0, 5), "same seed, no adjustment in epochs 0..4");
        assertNotEquals(plain.get(5), tam.get(5));
    }

    @Test
    void tamOnRenodeChangesTheReNodeLossOnlyAfterItsWarmUp() {
        GraphSnapshot g = CoraLt.snapshot();
        TrainerOptions renode = CONFIG.withLoss(LossKind.RENODE);
        List<Double> plain = losses(g, renode, null, null);
        List<Double> tam = losses(g, renode, null, new TamAdjustment(g, TamOptions.defaults()));
        assertEquals(plain.subList(0, 5), tam.subList(0, 5));
        assertNotEquals(plain.get(5), tam.get(5));
    }

    private static List<Double> losses(GraphSnapshot g, TrainerOptions config, Synthesizer s, LossAdjustment a) {
        List<Double> losses = new ArrayList<>();
        Trainer.train(g, config.withEpochs(7), s, report -> losses.add(report.trainLoss()), a);
        return losses;
    }

    /** Records batches and the epochs whose input gradient arrived, passing everything through. */
    private static final class Watching implements Synthesizer, FeatureGradientListener {
        private final EnsSynthesizer inner;
        final List<SyntheticBatch> batches = new ArrayList<>();
        final List<Integer> gradientEpochs = new ArrayList<>();
        float[] lastGradient;

        Watching(EnsSynthesizer inner) {
            this.inner = inner;
        }

        @Override
        public SyntheticBatch synthesize(int epoch, float[] previousLogits, RandomGenerator random) {
            SyntheticBatch b = inner.synthesize(epoch, previousLogits, random);
            batches.add(b);
            return b;
        }

        @Override
        public int[] featureGradientRows() {
            return inner.featureGradientRows();
        }

        @Override
        public void onFeatureGradient(int epoch, float[] gradients) {
            gradientEpochs.add(epoch);
            lastGradient = gradients;
            inner.onFeatureGradient(epoch, gradients);
        }
    }
}
