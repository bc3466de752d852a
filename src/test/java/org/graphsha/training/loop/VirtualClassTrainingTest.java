package org.graphsha.training.loop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.Method;
import org.graphsha.nn.BackboneKind;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.training.CoraLt;
import org.graphsha.training.augment.EpochAugmentation;
import org.graphsha.training.augment.SelfTrainingOptions;
import org.graphsha.training.augment.VirtualClassNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** BAT's virtual class nodes through the real trainer on Cora-LT, a few epochs each. */
class VirtualClassTrainingTest {

    private static final TrainerOptions PLAIN = TrainerOptions.defaults(BackboneKind.GCN).withEpochs(12);

    @Test
    void virtualNodesChangeTheTrainedModelReproducibly() {
        GraphSnapshot g = CoraLt.snapshot();
        TrainingResult before = Trainer.train(g, PLAIN);
        TrainingResult first = Trainer.train(g, PLAIN.withAugmentation(VirtualClassNodes.BAT1));
        TrainingResult second = Trainer.train(g, PLAIN.withAugmentation(VirtualClassNodes.BAT1));
        assertArrayEquals(first.logits(), second.logits());
        assertFalse(Arrays.equals(before.logits(), first.logits()), "the virtual nodes must change the model");
        TrainingResult bat0 = Trainer.train(g, PLAIN.withAugmentation(VirtualClassNodes.BAT0));
        assertFalse(Arrays.equals(bat0.logits(), first.logits()), "BAT0 and BAT1 draw different links");
    }

    /** GraphSHA synthesizes on the augmented graph with every backbone, with self-training on top. */
    @ParameterizedTest
    // The sign backbone scores rows without a graph: it takes neither virtual links nor feature gradients.
    @EnumSource(value = BackboneKind.class, names = "SIGN", mode = EnumSource.Mode.EXCLUDE)
    void graphShaWithVirtualNodesAndSelfTrainingTrainsOnEveryBackbone(BackboneKind kind) {
        TrainerOptions options = TrainerOptions.defaults(kind).withEpochs(8)
            .withAugmentation(VirtualClassNodes.BAT1).withAugmentation(new SelfTrainingOptions(1, 2));
        TrainingResult r = train(Method.GRAPHSHA, options);
        assertTrue(Double.isFinite(r.test().accuracy()));
        assertTrue(r.logits().length == CoraLt.snapshot().nodeCount() * CoraLt.snapshot().classCount(),
            "predictions cover the original nodes only");
    }

    /**
     * Every method of the shared step takes them: GraphENS's feature corrections, TAM's offsets, plain losses.
     * Without dropout nothing random is drawn between a run's synthesis of epoch 0 and its first step but the
     * virtual links, so the first training loss can differ from the run without them only if the virtual rows
     * enter the step; the trained model must differ too.
     */
    @ParameterizedTest
    @EnumSource(value = Method.class, names = {"VANILLA", "REWEIGHT", "UPSAMPLE", "GRAPH_ENS", "TAM", "TAM_RENODE"})
    void everyMethodOfTheSharedStepTakesThem(Method method) {
        TrainerOptions without = PLAIN.withEpochs(3).withLoss(method.loss())
            .withModel(PLAIN.model().withDropout(0f));
        List<Double> plainLosses = new ArrayList<>();
        List<Double> virtualLosses = new ArrayList<>();
        TrainingResult plain = train(method, without, report -> plainLosses.add(report.trainLoss()));
        TrainingResult virtual = train(method, without.withAugmentation(VirtualClassNodes.BAT0),
            report -> virtualLosses.add(report.trainLoss()));
        assertEquals(3, virtualLosses.size());
        assertTrue(Double.isFinite(virtualLosses.get(0)) && Double.isFinite(virtual.test().accuracy()));
        assertNotEquals(plainLosses.get(0), virtualLosses.get(0), "the virtual rows must enter the first step's loss");
        assertFalse(Arrays.equals(plain.logits(), virtual.logits()), "the virtual nodes must change the model");
        assertEquals(plain.logits().length, virtual.logits().length, "predictions cover the original nodes only");
    }

    /** GraphSmote's own step takes no per-epoch augmentation and says so, in one message for each of them. */
    @Test
    void graphSmotesOwnStepRefusesThem() {
        for (EpochAugmentation augmentation : List.of(VirtualClassNodes.BAT1, new SelfTrainingOptions(1, 2))) {
            var error = assertThrows(IllegalArgumentException.class, () -> Trainer.trainGraphSmote(CoraLt.snapshot(),
                PLAIN.withAugmentation(augmentation), 0, null));
            assertEquals("GraphSmote's training step builds its own graph between the layers and trains its edge "
                + "decoder, so it takes no per-epoch augmentation, but [" + augmentation + "] is on; turn it off or "
                + "train with the step every other method shares", error.getMessage());
        }
    }

    @Test
    void anAugmentationThatIsOffChangesNothingAndEachKindIsGivenOnce() {
        TrainerOptions off = PLAIN.withEpochs(2).withAugmentation(VirtualClassNodes.NONE)
            .withAugmentation(new SelfTrainingOptions(0, 0));
        assertArrayEquals(Trainer.train(CoraLt.snapshot(), PLAIN.withEpochs(2)).logits(),
            Trainer.train(CoraLt.snapshot(), off).logits());
        assertEquals(List.of(VirtualClassNodes.BAT1, new SelfTrainingOptions(0, 0)),
            off.withAugmentation(VirtualClassNodes.BAT1).augmentations(), "the new one takes the old one's place");
        var error = assertThrows(IllegalArgumentException.class,
            () -> PLAIN.withAugmentations(List.of(VirtualClassNodes.BAT0, VirtualClassNodes.BAT1)));
        assertTrue(error.getMessage().contains("[BAT0, BAT1]"), error.getMessage());
    }

    private static TrainingResult train(Method method, TrainerOptions options) {
        return train(method, options, null);
    }

    private static TrainingResult train(Method method, TrainerOptions options, EpochListener listener) {
        GraphSnapshot g = CoraLt.snapshot();
        SynthesisOptions synthesis = SynthesisOptions.defaults();
        NeighbourDistribution distribution = method.diffusion(g, synthesis);
        return method.train(g, options, method.newSynthesizer(g, distribution, synthesis), 0, listener);
    }
}
