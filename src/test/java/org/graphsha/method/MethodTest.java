package org.graphsha.method;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.nn.BackboneKind;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.synthesis.ens.EnsSynthesizer;
import org.graphsha.synthesis.graphsha.GraphShaSynthesizer;
import org.graphsha.synthesis.smote.UpsampleSynthesizer;
import org.graphsha.training.CoraLt;
import org.graphsha.training.augment.EpochAugmentation;
import org.graphsha.training.augment.SelfTrainingOptions;
import org.graphsha.training.augment.VirtualClassNodes;
import org.graphsha.training.loop.EpochReport;
import org.graphsha.training.loop.TrainerOptions;
import org.graphsha.training.loop.TrainingResult;
import org.graphsha.training.losses.LossKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MethodTest {

    private static final Set<Method> ADD_NODES_BEFORE_THE_FORWARD =
        EnumSet.of(Method.GRAPHSHA, Method.UPSAMPLE, Method.GRAPH_ENS, Method.TAM);

    @Test
    void onlyGraphShaNeedsTheDiffusionAndWritesSyntheticNodes() {
        for (Method m : Method.values()) {
            assertEquals(m == Method.GRAPHSHA, m.needsDiffusion(), m.name());
            assertEquals(m == Method.GRAPHSHA, m.writesSyntheticNodes(), m.name());
            assertEquals(m == Method.GRAPH_SMOTE, m.takesUpScale(), m.name());
            assertEquals(m == Method.GRAPH_SMOTE, m.decodesSyntheticEdges(), m.name());
        }
    }

    @Test
    void everyMethodButGraphSmoteTakesEachPerEpochAugmentation() {
        for (Method m : Method.values()) {
            List<Class<? extends EpochAugmentation>> expected = m == Method.GRAPH_SMOTE ? List.of()
                : List.of(SelfTrainingOptions.class, VirtualClassNodes.class);
            assertEquals(expected, m.augmentations(), m.name());
            assertEquals(m != Method.GRAPH_SMOTE, m.takes(VirtualClassNodes.class), m.name());
        }
        assertTrue(Method.GRAPH_SMOTE.whyItTakesNoAugmentation().contains("between the layers"));
    }

    @Test
    void eachMethodBringsItsOwnSynthesizer() {
        GraphSnapshot g = CoraLt.snapshot();
        SynthesisOptions options = SynthesisOptions.defaults();
        NeighbourDistribution distribution = Method.GRAPHSHA.diffusion(g, options);
        assertNotNull(distribution);
        assertNull(Method.VANILLA.diffusion(g, options));
        assertInstanceOf(GraphShaSynthesizer.class, Method.GRAPHSHA.newSynthesizer(g, distribution, options));
        assertInstanceOf(UpsampleSynthesizer.class, Method.UPSAMPLE.newSynthesizer(g, null, options));
        assertInstanceOf(EnsSynthesizer.class, Method.GRAPH_ENS.newSynthesizer(g, null, options));
        assertInstanceOf(EnsSynthesizer.class, Method.TAM.newSynthesizer(g, null, options));
        for (Method m : Method.values()) {
            assertEquals(ADD_NODES_BEFORE_THE_FORWARD.contains(m), m.newSynthesizer(g, distribution, options) != null,
                m.name());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Method.GRAPHSHA.newSynthesizer(g, null, options));
        assertTrue(e.getMessage().contains("diffusion"), e.getMessage());
    }

    @Test
    void theSyntheticPeakCoversEveryMethodThatAddsNodes() {
        // Mean 37: filling to the mean adds 27 + 36 = 63; filling to the largest class adds 90 + 99 = 189.
        int[] training = {100, 10, 1};
        for (Method m : Method.values()) {
            long peak = m.syntheticNodePeak(training, SynthesisOptions.defaults(), 0);
            boolean adds = ADD_NODES_BEFORE_THE_FORWARD.contains(m) || m == Method.GRAPH_SMOTE;
            assertEquals(adds, peak > 0, m.name() + " peak " + peak);
        }
        // GraphSHA's warm-up fills up to the largest class whatever the target, so it sets the peak.
        assertEquals(189, Method.GRAPHSHA.syntheticNodePeak(training, SynthesisOptions.defaults(), 0));
        assertEquals(63, Method.GRAPHSHA.syntheticNodePeak(training, SynthesisOptions.defaults().withWarmupEpochs(-1), 0));
        assertEquals(63, Method.UPSAMPLE.syntheticNodePeak(training, SynthesisOptions.defaults(), 0));
        assertEquals(189, Method.GRAPH_ENS.syntheticNodePeak(training, SynthesisOptions.defaults(), 0));
    }

    @Test
    void lossKindsMatchTheBaselines() {
        assertEquals(LossKind.PC_SOFTMAX, Method.PC_SOFTMAX.loss());
        assertEquals(LossKind.RENODE, Method.RE_NODE.loss());
        assertEquals(LossKind.RENODE, Method.TAM_RENODE.loss());
        assertEquals(LossKind.VANILLA, Method.GRAPHSHA.loss());
    }

    @ParameterizedTest
    @EnumSource(Method.class)
    void everyMethodTrainsThroughItsPlan(Method method) {
        GraphSnapshot g = CoraLt.snapshot();
        SynthesisOptions options = SynthesisOptions.defaults();
        Synthesizer synthesizer = method.newSynthesizer(g, method.diffusion(g, options), options);
        List<EpochReport> reports = new ArrayList<>();
        TrainingResult result = method.train(g, TrainerOptions.defaults(BackboneKind.GCN).withLoss(method.loss())
            .withEpochs(8), synthesizer, 0, reports::add);
        assertEquals(8, reports.size());
        assertEquals(g.nodeCount(), result.predictions().length);
        long synthetic = reports.stream().mapToLong(EpochReport::syntheticNodes).sum();
        boolean adds = ADD_NODES_BEFORE_THE_FORWARD.contains(method) || method == Method.GRAPH_SMOTE;
        assertEquals(adds, synthetic > 0, method + " added " + synthetic + " synthetic nodes");
    }
}
