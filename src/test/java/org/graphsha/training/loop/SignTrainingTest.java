package org.graphsha.training.loop;

import org.graphsha.evaluation.Metrics;
import org.graphsha.graph.Masks;
import org.graphsha.training.CoraLt;
import org.graphsha.training.augment.SelfTrainingOptions;
import org.graphsha.training.losses.LossKind;
import org.graphsha.training.selection.LogitReadout;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.Backbone;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.EngineRuntime;
import org.graphsha.nn.Engines;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.HopBackbone;
import org.graphsha.nn.HopFeatures;
import org.graphsha.nn.HopOperator;
import org.graphsha.nn.MessageGraph;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.ParameterSet;
import org.graphsha.nn.ProjectedHops;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.graphsha.GraphShaSynthesizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import ai.djl.ndarray.NDManager;

class SignTrainingTest {

    /** Narrow hop maps: these tests compare runs and passes with each other, and Cora's 1,433-wide rows make width costly. */
    private static final ModelSpec NARROW = new ModelSpec(BackboneKind.SIGN, 16, 4, 0.5f, GcnNormalization.MEAN);


    /**
     * One epoch's gradient from rows sent in batches of 50 (two passes, ∂L/∂logits in between) equals the gradient of
     * one batch holding every row, with a weighted loss, pseudo-labels, synthetic rows and dropout all present.
     */
    @Test
    void batchedGradientEqualsTheFullBatchGradient() {
        GraphSnapshot g = CoraLt.snapshot();
        TrainerOptions config = TrainerOptions.defaults(BackboneKind.SIGN).withLoss(LossKind.REWEIGHT);
        int[] train = Masks.indices(g.trainMask());
        HopStep whole = new HopStep(g, config.model(), train, true, Integer.MAX_VALUE, 1,
            HopStep.Execution.PRECOMPUTED_ROWS);
        HopStep batched = new HopStep(g, config.model(), train, true, 50, 1, HopStep.Execution.PRECOMPUTED_ROWS);
        assertSameStep(g, config, whole, batched, 1e-6f);
    }

    /**
     * Mapping X first and propagating on the augmented graph gives the step of the precomputed rows, up to the order
     * of float sums: the same loss, gradients and training rows' logits.
     */
    @Test
    void mappingFirstGivesThePrecomputedRowsStep() {
        GraphSnapshot g = CoraLt.snapshot();
        TrainerOptions config = TrainerOptions.defaults(BackboneKind.SIGN).withLoss(LossKind.REWEIGHT);
        int[] train = Masks.indices(g.trainMask());
        HopStep rows = new HopStep(g, config.model(), train, true, 8192, 1, HopStep.Execution.PRECOMPUTED_ROWS);
        HopStep mapFirst = new HopStep(g, config.model(), train, true, 8192, 1, HopStep.Execution.MAP_FIRST);
        assertSameStep(g, config, rows, mapFirst, 1e-5f);
    }

    /**
     * One epoch of {@code first} and of {@code second} from the same parameters, pseudo-labels, synthetic rows and
     * dropout, and their eval forwards before it.
     */
    private static void assertSameStep(GraphSnapshot g, TrainerOptions config, HopStep first, HopStep second,
                                       float tolerance) {
        ModelSpec spec = config.model();
        int[] train = Masks.indices(g.trainMask());
        SplittableRandom random = new SplittableRandom(4);
        Backbone model = spec.backbone();
        ParameterSet params = model.initialize(g.features().dimension(), g.classCount(), random);
        EngineRuntime runtime = Engines.runtime(config.device(), 1);
        runtime.exclusive(() -> {
            try (NDManager root = runtime.newManager()) {
                MessageGraph base = MessageGraph.of(g.adjacency());
                RunInputs inputs = first.inputs(root, g, config, base);
                RunInputs otherInputs = second.inputs(root, g, config, base);
                EpochAugmentations augmentations = EpochAugmentations.prepare(g, List.of(new SelfTrainingOptions(2, 0)),
                    first);
                float[] eval = inputs.evalForward(root, model, params, false).logits();
                assertArrayEquals(eval, otherInputs.evalForward(root, model, params, false).logits(), 10 * tolerance);
                augmentations.beforeStep(0, eval, new LogitReadout(g, false).predict(eval), new SplittableRandom(5));
                assertTrue(augmentations.selfTraining().rows().length > 100, "pseudo-labels take part");
                StepContext run = new StepContext(runtime, root, model, inputs, base, new MethodLoss(g, config, train),
                    augmentations);
                SyntheticBatch batch = GraphShaSynthesizer.create(g, SynthesisOptions.defaults())
                    .synthesize(0, null, random);
                assertTrue(batch.size() > 100, "synthetic rows take part");
                int rows = first.dropoutRows(run, batch);
                assertTrue(rows > 4 * 50, "several batches");
                float[] mask = Trainer.dropoutMask(rows, first.dropoutWidth(spec), 0.5f, random);
                StepOutput a = first.step(run, 0, params, batch, mask, null, new SplittableRandom(1));
                StepContext otherRun = new StepContext(runtime, root, model, otherInputs, base,
                    new MethodLoss(g, config, train), augmentations);
                StepOutput b = second.step(otherRun, 0, params, batch, mask, null, new SplittableRandom(1));
                assertEquals(a.loss(), b.loss(), tolerance);
                assertEquals(a.gradients().length, b.gradients().length);
                for (int i = 0; i < a.gradients().length; i++) {
                    assertArrayEquals(a.gradients()[i], b.gradients()[i], tolerance, "gradient of parameter " + i);
                }
                assertArrayEquals(a.originalLogits(), b.originalLogits(), 10 * tolerance);
                return null;
            }
        });
    }

    @Test
    void graphShaWithSelfTrainingTrainsAndIsReproducible() {
        GraphSnapshot g = CoraLt.snapshot();
        TrainerOptions config = TrainerOptions.defaults(BackboneKind.SIGN).withEpochs(12).withModel(NARROW)
            .withAugmentation(new SelfTrainingOptions(2, 3));
        TrainingResult a = Trainer.train(g, config, GraphShaSynthesizer.create(g, SynthesisOptions.defaults()), null);
        TrainingResult b = Trainer.train(g, config, GraphShaSynthesizer.create(g, SynthesisOptions.defaults()), null);
        assertArrayEquals(a.logits(), b.logits());
        assertEquals(g.nodeCount() * g.classCount(), a.logits().length);
        assertTrue(Double.isFinite(a.test().balancedAccuracy()));
    }

    /**
     * The kept epoch's logits are the every-row pass of the precomputed rows at its parameters, as prediction computes
     * them, and its test metrics come from them, with or without pseudo-labels (which have the epochs score every row):
     * on Cora's sparse, wide features the epochs map X first, summing in another order.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theKeptEpochIsScoredOnEveryRowAtTheEnd(boolean selfTraining) {
        GraphSnapshot g = CoraLt.snapshot();
        TrainerOptions narrow = TrainerOptions.defaults(BackboneKind.SIGN).withEpochs(12).withModel(NARROW);
        TrainerOptions config = selfTraining ? narrow.withAugmentation(new SelfTrainingOptions(2, 3)) : narrow;
        TrainingResult result = Trainer.train(g, config, GraphShaSynthesizer.create(g, SynthesisOptions.defaults()), null);
        Backbone model = config.model().backbone();
        EngineRuntime runtime = Engines.runtime(config.device(), config.threads());
        float[] every = runtime.exclusive(() -> {
            try (NDManager root = runtime.newManager()) {
                HopStep step = new HopStep(g, config.model(), Masks.indices(g.trainMask()), true, 8192, 1);
                RunInputs inputs = step.inputs(root, g, config, MessageGraph.of(g.adjacency()));
                assertTrue(inputs.epochsScoreUnlikePrediction(), "Cora's epochs map first");
                return inputs.everyRow(root, model, ParameterSet.of(result.parameters()));
            }
        });
        assertArrayEquals(every, result.logits());
        int[] test = Masks.indices(g.testMask());
        assertEquals(Metrics.evaluate(classesOf(g, test), predictionsOf(result, test), g.classCount()).balancedAccuracy(),
            result.test().balancedAccuracy(), 0);
    }

    /**
     * A run that maps first reads the precomputed hop rows only to score every row at the end, so it computes them
     * then, once, and never beside the epochs' buffers; the eval forward of the epochs does without them.
     */
    @Test
    void mappingFirstComputesTheHopRowsOnlyForTheLastPass() {
        GraphSnapshot g = CoraLt.snapshot();
        ModelSpec spec = NARROW;
        HopOperator a = HopOperator.of(g.adjacency(), spec.gcnNormalization());
        HopBackbone model = (HopBackbone) spec.backbone();
        ParameterSet params = model.initialize(g.features().dimension(), g.classCount(), new SplittableRandom(3));
        EngineRuntime runtime = Engines.runtime(Engines.DeviceChoice.CPU, 1);
        int[] computed = {0};
        runtime.exclusive(() -> {
            try (NDManager root = runtime.newManager()) {
                HopInputs inputs = new HopInputs(() -> {
                    computed[0]++;
                    return HopFeatures.compute(a, g.features(), spec.hops(), 1);
                }, spec.hops(), a, 8192, ProjectedHops.of(root, a, g.features(), spec.gcnNormalization()));
                float[] eval = inputs.evalForward(root, model, params, false).logits();
                assertEquals(0, computed[0], "the epochs map first");
                float[] every = inputs.everyRow(root, model, params);
                assertEquals(1, computed[0]);
                assertArrayEquals(every, inputs.everyRow(root, model, params));
                assertEquals(1, computed[0], "computed once");
                assertArrayEquals(eval, every, 1e-5f);
                return null;
            }
        });
    }

    private static int[] classesOf(GraphSnapshot g, int[] nodes) {
        return java.util.Arrays.stream(nodes).map(v -> g.classes()[v]).toArray();
    }

    private static int[] predictionsOf(TrainingResult result, int[] nodes) {
        return java.util.Arrays.stream(nodes).map(v -> result.predictions()[v]).toArray();
    }

    @Test
    void methodsThatNeedTheAugmentedGraphAreRefused() {
        GraphSnapshot g = CoraLt.snapshot();
        TrainerOptions config = TrainerOptions.defaults(BackboneKind.SIGN).withEpochs(2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Trainer.trainGraphSmote(g, config, 0, null));
        assertTrue(e.getMessage().contains("sign"), e.getMessage());
    }
}
