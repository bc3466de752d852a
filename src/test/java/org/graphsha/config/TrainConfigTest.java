package org.graphsha.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.diffusion.DiffusionKind;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.method.Method;
import org.graphsha.nn.BackboneKind;
import org.graphsha.synthesis.Hardness;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SyntheticEdges;
import org.graphsha.training.augment.SelfTrainingOptions;
import org.graphsha.training.augment.VirtualClassNodes;
import org.graphsha.training.selection.SelectionWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TrainConfigTest {

    private static Map<String, Object> with(String key, Object value) {
        Map<String, Object> map = new HashMap<>();
        map.put("modelName", "m");
        map.put(key, value);
        return map;
    }

    /** Rows of four columns with the given values at the given columns (the rest are zero). */
    private static SparseFeatures features(int[][] columns, float[][] values) {
        int[] offsets = new int[columns.length + 1];
        int nonZeros = 0;
        for (int r = 0; r < columns.length; r++) {
            nonZeros += columns[r].length;
            offsets[r + 1] = nonZeros;
        }
        int[] flatColumns = new int[nonZeros];
        float[] flatValues = new float[nonZeros];
        for (int r = 0, k = 0; r < columns.length; r++) {
            for (int j = 0; j < columns[r].length; j++, k++) {
                flatColumns[k] = columns[r][j];
                flatValues[k] = values[r][j];
            }
        }
        return new SparseFeatures(columns.length, 4, offsets, flatColumns, flatValues);
    }

    @Test
    void autoNormalizationKeepsRowSumsForBagOfWordsAndStandardizesOtherFeatures() {
        TrainConfig config = TrainConfig.of("g", with("epochs", 10L));
        assertEquals(TrainConfig.FeatureNormalization.AUTO, config.featureNormalization());
        assertEquals("auto", config.effective().get("featureNormalization"));
        FeatureTransform words = config.featureNormalization().fit(
            features(new int[][] {{0, 1}, {2, 3}}, new float[][] {{1, 1}, {2, 1}}));
        assertEquals(new FeatureTransform.RowSum(false), words, "half the entries non-zero, none negative");
        assertTrue(config.featureNormalization().fit(features(new int[][] {{0, 1, 2}, {2, 3}},
            new float[][] {{1, 1, 1}, {2, 1}})) instanceof FeatureTransform.StandardScores, "5 of 8 non-zero");
        assertTrue(config.featureNormalization().fit(features(new int[][] {{0}, {3}}, new float[][] {{1}, {-0.5f}}))
            instanceof FeatureTransform.StandardScores, "a negative value");
        assertEquals(new FeatureTransform.Identity(), TrainConfig.of("g", with("featureNormalization", "none"))
            .featureNormalization().fit(features(new int[][] {{0}, {3}}, new float[][] {{1}, {-0.5f}})));
    }

    /** A model stores the transform's name and reads it back as the key's value: the two spellings must agree. */
    @Test
    void everyNamedNormalizationStoresItsOwnKeyValue() {
        SparseFeatures words = features(new int[][] {{0}, {3}}, new float[][] {{1}, {2}});
        for (TrainConfig.FeatureNormalization form : TrainConfig.FeatureNormalization.values()) {
            if (form != TrainConfig.FeatureNormalization.AUTO) {
                assertEquals(ConfigReader.choiceName(form), form.fit(words).keyValue());
            }
        }
    }

    /** One wrong value for every key: each error names the key it is about. */
    static List<Object[]> badValues() {
        return List.of(
            new Object[] {"nodeLabels", 5L}, new Object[] {"relationshipTypes", List.of()},
            new Object[] {"featureProperties", List.of(1L)}, new Object[] {"targetProperty", ""},
            new Object[] {"splitProperty", 3L}, new Object[] {"validationFraction", 0.0},
            new Object[] {"featureNormalization", "l2"}, new Object[] {"method", "smote"},
            new Object[] {"backbone", "mlp"}, new Object[] {"hiddenSize", 0L}, new Object[] {"heads", 0L},
            new Object[] {"dropout", 1.5}, new Object[] {"gcnNormalization", "sum"}, new Object[] {"epochs", -1L},
            new Object[] {"learningRate", 0.0}, new Object[] {"weightDecay", -0.1}, new Object[] {"randomSeed", -5L},
            new Object[] {"device", "tpu"}, new Object[] {"cbBeta", 1.0}, new Object[] {"focalGamma", -1.0},
            new Object[] {"concurrency", 0L}, new Object[] {"diffusion", "ppr2"},
            new Object[] {"diffusionNormalization", "left"}, new Object[] {"diffusionMode", "fast"},
            new Object[] {"diffusionSources", "training"},
            new Object[] {"pprAlpha", 1.0}, new Object[] {"topK", 0L}, new Object[] {"heatTime", 0.0},
            new Object[] {"diffusionEpsilon", 2.0}, new Object[] {"synthesisTarget", "median"},
            new Object[] {"syntheticEdges", "outbound"}, new Object[] {"deltaBetaA", 0.0},
            new Object[] {"deltaBetaB", -1.0}, new Object[] {"temperature", 0.0}, new Object[] {"warmupEpochs", -2L},
            new Object[] {"excludeOwnClass", "yes"}, new Object[] {"ablation", "all"}, new Object[] {"jobId", 7L},
            new Object[] {"overwrite", 1L}, new Object[] {"writeSyntheticNodes", true},
            new Object[] {"syntheticNodeLabel", "Synthetic"}, new Object[] {"modelName", "../m"},
            new Object[] {"epochs", 900.5}, new Object[] {"hiddenSize", Double.NaN}, new Object[] {"logProgress", "no"},
            new Object[] {"sudo", 1L}, new Object[] {"writeConcurrency", 0L},
            new Object[] {"selectionTieBreak", "last"}, new Object[] {"selectionWindow", 0L},
            new Object[] {"selectionWindow", "sometimes"}, new Object[] {"selectionWindow", 2.5},
            new Object[] {"selfTrainingWeight", -1.0}, new Object[] {"selfTrainingWarmup", -1L},
            new Object[] {"virtualClassNodes", "bat2"}, new Object[] {"virtualClassNodes", true},
            new Object[] {"hardness", "nearest"});
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("badValues")
    void namesTheKeyOfEveryBadValue(String key, Object value) {
        var error = assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g", with(key, value)));
        String expected = key.equals("modelName") ? "Invalid model name" : "`" + key + "`";
        assertTrue(error.getMessage().contains(expected), error.getMessage());
    }

    @Test
    void integerKeysTakeIntegralFloatsAsDriversSendThem() {
        TrainConfig config = TrainConfig.of("g", Map.of("modelName", "m", "epochs", 900.0, "hiddenSize", 32.0,
            "randomSeed", 7.0, "concurrency", 2.0));
        assertEquals(900, config.run().training().epochs());
        assertEquals(32, config.run().training().model().hidden());
        assertEquals(7, config.run().training().seed());
        assertEquals(2, config.concurrency());
        assertEquals(900L, config.effective().get("epochs"));
    }

    @Test
    void theSignBackboneRefusesWhatNeedsTheAugmentedGraphNamingIt() {
        var tam = assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g",
            Map.of("modelName", "m", "method", "tam", "backbone", "sign")));
        assertTrue(tam.getMessage().contains("method: 'tam'") && tam.getMessage().contains("backbone: 'sign'"),
            tam.getMessage());
        var edges = assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g",
            Map.of("modelName", "m", "backbone", "sign", "syntheticEdges", "bidirectional")));
        assertTrue(edges.getMessage().contains("syntheticEdges: 'bidirectional'")
            && edges.getMessage().contains("'inbound'"), edges.getMessage());
        var virtual = assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g",
            Map.of("modelName", "m", "backbone", "sign", "virtualClassNodes", "bat1")));
        assertTrue(virtual.getMessage().contains("virtualClassNodes: 'bat1'"), virtual.getMessage());
        TrainConfig sign = TrainConfig.of("g", Map.of("modelName", "m", "backbone", "sign", "hops", 3));
        assertEquals(3, sign.run().training().model().hops());
        var hops = assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g", with("hops", 9)));
        assertTrue(hops.getMessage().contains("hops"), hops.getMessage());
    }

    @Test
    void selfTrainingIsRefusedWithGraphSmoteNamingBoth() {
        var error = assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g",
            Map.of("modelName", "m", "method", "graphSmote", "selfTrainingWeight", 0.5)));
        assertTrue(error.getMessage().contains("selfTrainingWeight: 0.5") && error.getMessage().contains("graphSmote"),
            error.getMessage());
    }

    @Test
    void virtualClassNodesAreRefusedWithGraphSmoteNamingBoth() {
        var error = assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g",
            Map.of("modelName", "m", "method", "graphSmote", "virtualClassNodes", "bat1")));
        assertTrue(error.getMessage().contains("virtualClassNodes: 'bat1'") && error.getMessage().contains("graphSmote"),
            error.getMessage());
    }

    @Test
    void virtualClassNodesAreOffByDefaultAndShownInTheEffectiveConfiguration() {
        assertEquals(VirtualClassNodes.NONE, virtualClassNodes(TrainConfig.of("g", Map.of("modelName", "m"))));
        assertEquals("none", TrainConfig.of("g", Map.of("modelName", "m")).effective().get("virtualClassNodes"));
        TrainConfig bat = TrainConfig.of("g", Map.of("modelName", "m", "method", "tam", "virtualClassNodes", "BAT0"));
        assertEquals(VirtualClassNodes.BAT0, virtualClassNodes(bat));
        assertEquals("bat0", bat.effective().get("virtualClassNodes"));
    }

    @Test
    void knnHardnessTakesItsKAndShowsItInTheEffectiveConfiguration() {
        TrainConfig defaults = TrainConfig.of("g", Map.of("modelName", "m"));
        assertEquals(Hardness.CONFIDENCE_RULE, defaults.run().synthesis().hardness());
        assertEquals("confidence", defaults.effective().get("hardness"));
        assertFalse(defaults.effective().containsKey("hardnessNeighbours"));
        TrainConfig knn = TrainConfig.of("g", Map.of("modelName", "m", "hardness", "knn"));
        assertEquals(Hardness.knn(10), knn.run().synthesis().hardness());
        assertEquals(10L, knn.effective().get("hardnessNeighbours"));
        TrainConfig five = TrainConfig.of("g", Map.of("modelName", "m", "hardness", "KNN", "hardnessNeighbours", 5L));
        assertEquals(Hardness.knn(5), five.run().synthesis().hardness());
        // a stored model's configuration reads back as it was
        assertEquals(five.effective(), TrainConfig.ofStored("g", five.effective()).effective());
        assertEquals(defaults.effective(), TrainConfig.ofStored("g", defaults.effective()).effective());
    }

    @Test
    void maxSyntheticNodesBoundsGraphShaOnlyAndReadsBack() {
        TrainConfig defaults = TrainConfig.of("g", Map.of("modelName", "m"));
        assertEquals(SynthesisOptions.NO_LIMIT, defaults.run().synthesis().maxSyntheticNodes());
        assertFalse(defaults.effective().containsKey("maxSyntheticNodes"));
        TrainConfig capped = TrainConfig.of("g", Map.of("modelName", "m", "maxSyntheticNodes", 500L));
        assertEquals(500, capped.run().synthesis().maxSyntheticNodes());
        assertEquals(capped.effective(), TrainConfig.ofStored("g", capped.effective()).effective());
        var zero = assertThrows(IllegalArgumentException.class,
            () -> TrainConfig.of("g", Map.of("modelName", "m", "maxSyntheticNodes", 0L)));
        assertTrue(zero.getMessage().contains("`maxSyntheticNodes`") && zero.getMessage().contains("0"),
            zero.getMessage());
        var tam = assertThrows(IllegalArgumentException.class,
            () -> TrainConfig.of("g", Map.of("modelName", "m", "maxSyntheticNodes", 500L, "method", "tam")));
        assertTrue(tam.getMessage().contains("maxSyntheticNodes") && tam.getMessage().contains("'tam'"),
            tam.getMessage());
    }

    @Test
    void hardnessKeysAreRefusedWhereTheyDoNothing() {
        var k = assertThrows(IllegalArgumentException.class,
            () -> TrainConfig.of("g", Map.of("modelName", "m", "hardnessNeighbours", 5L)));
        assertTrue(k.getMessage().contains("hardnessNeighbours: 5") && k.getMessage().contains("'confidence'"),
            k.getMessage());
        var method = assertThrows(IllegalArgumentException.class,
            () -> TrainConfig.of("g", Map.of("modelName", "m", "hardness", "knn", "method", "tam")));
        assertTrue(method.getMessage().contains("hardness: 'knn'") && method.getMessage().contains("'tam'"),
            method.getMessage());
        var zero = assertThrows(IllegalArgumentException.class,
            () -> TrainConfig.of("g", Map.of("modelName", "m", "hardness", "knn", "hardnessNeighbours", 0L)));
        assertTrue(zero.getMessage().contains("`hardnessNeighbours`") && zero.getMessage().contains("0"),
            zero.getMessage());
        assertEquals(Hardness.CONFIDENCE_RULE,
            TrainConfig.of("g", Map.of("modelName", "m", "hardness", "confidence", "method", "tam")).run().synthesis().hardness());
    }

    @Test
    void retiredKeysAreRefusedWithTheProcedureThatReplacesThem() {
        var error = assertThrows(IllegalArgumentException.class,
            () -> TrainConfig.of("g", Map.of("modelName", "m", "writeSyntheticNodes", true)));
        assertTrue(error.getMessage().contains("graphsha.synthetic.write"), error.getMessage());
        assertEquals(Method.GRAPHSHA,
            TrainConfig.ofStored("g", Map.of("modelName", "m", "writeSyntheticNodes", false)).run().method());
    }

    @Test
    void jobKeysAreAcceptedAsInGds() {
        TrainConfig config = TrainConfig.of("g", Map.of("modelName", "m", "jobId", "j1", "logProgress", false,
            "sudo", true, "writeConcurrency", 3L));
        assertEquals("j1", config.job().jobIdOrNull());
        assertFalse(config.job().logProgress());
        assertTrue(config.job().sudo());
        assertEquals(3, config.job().writeConcurrency());
        assertEquals(false, config.effective().get("logProgress"));
    }

    @Test
    void defaultsAreSageWithTheReferencesTrainingSettings() {
        TrainConfig config = TrainConfig.of("g", Map.of("modelName", "m"));
        assertEquals(BackboneKind.SAGE, config.run().training().model().kind());
        assertEquals("sage", config.effective().get("backbone"));
        assertEquals(900, config.run().training().epochs());
        assertEquals(0.01, config.run().training().learningRate());
        assertEquals(5e-4, config.run().training().weightDecay());
        assertEquals(100, config.run().training().seed());
        assertEquals(DiffusionKind.PPR, config.run().synthesis().diffusion().kind());
        assertEquals(0.05, config.run().synthesis().diffusion().alpha());
        assertEquals(128, config.run().synthesis().diffusion().topK());
        assertEquals(SyntheticEdges.INBOUND, config.run().synthesis().syntheticEdges());
        assertEquals(2.0, config.run().synthesis().betaA());
        assertEquals(2.0, config.run().synthesis().betaB());
        assertEquals(5, config.run().synthesis().warmupEpochs());
        assertEquals(Method.GRAPHSHA, config.run().method());
    }

    @Test
    void deltaIsTheWarmUpsWithSageAndTheReferencesOtherwiseUnlessGiven() {
        TrainConfig sage = TrainConfig.of("g", Map.of("modelName", "m", "backbone", "sage"));
        assertEquals(2.0, sage.run().synthesis().betaA());
        assertEquals(2.0, sage.run().synthesis().betaB());
        assertEquals(2.0, sage.effective().get("deltaBetaB"));
        for (String backbone : List.of("gcn", "gat")) {
            TrainConfig config = TrainConfig.of("g", Map.of("modelName", "m", "backbone", backbone));
            assertEquals(1.0, config.run().synthesis().betaA(), backbone);
            assertEquals(100.0, config.run().synthesis().betaB(), backbone);
        }
        TrainConfig reference = TrainConfig.of("g",
            Map.of("modelName", "m", "backbone", "sage", "deltaBetaA", 1L, "deltaBetaB", 100L));
        assertEquals(1.0, reference.run().synthesis().betaA());
        assertEquals(100.0, reference.run().synthesis().betaB());
    }

    @Test
    void aCandidateWithABackboneOfItsOwnTakesThatBackbonesDelta() {
        TrainConfig config = TrainConfig.of("g", Map.of("modelName", "m", "backbone", "gcn",
            "candidateMethods", List.of("graphsha", Map.of("method", "graphsha", "backbone", "sage"))));
        assertEquals(100.0, config.runs().get(0).run().synthesis().betaB());
        assertEquals(2.0, config.runs().get(1).run().synthesis().betaB());
    }

    @Test
    void effectiveConfigurationListsEveryKeyWithCypherTypes() {
        Map<String, Object> effective = TrainConfig.of("g", Map.of("modelName", "m", "method", "PC_SOFTMAX")).effective();
        assertEquals("pcSoftmax", effective.get("method"));
        assertEquals(64L, effective.get("hiddenSize"));
        assertEquals(0.5, effective.get("dropout"));
        assertTrue(effective.keySet().containsAll(List.of("syntheticEdges", "diffusion", "topK", "randomSeed", "device")));
        effective.values().forEach(v -> assertTrue(!(v instanceof Integer) && !(v instanceof Float), String.valueOf(v)));
    }

    @Test
    void graphshaSelfTrainsByDefaultAndTheBaselinesDoNot() {
        TrainConfig graphsha = TrainConfig.of("g", Map.of("modelName", "m"));
        assertEquals(2.0, selfTraining(graphsha).weight());
        assertEquals(20, selfTraining(graphsha).warmupEpochs());
        assertEquals(SelectionWindow.AUTO, graphsha.run().training().selectionWindow());
        for (String baseline : List.of("vanilla", "tam", "reweight", "graphEns", "graphSmote")) {
            TrainConfig config = TrainConfig.of("g", Map.of("modelName", "m", "method", baseline));
            assertFalse(selfTraining(config).enabled(), baseline);
            assertEquals(0.0, config.effective().get("selfTrainingWeight"), baseline);
        }
        TrainConfig paper = TrainConfig.of("g", Map.of("modelName", "m", "selfTrainingWeight", 0L));
        assertFalse(selfTraining(paper).enabled());
    }

    @Test
    void selectionWindowTakesACountOrAuto() {
        TrainConfig auto = TrainConfig.of("g", with("selectionWindow", "Auto"));
        assertEquals(SelectionWindow.AUTO, auto.run().training().selectionWindow());
        assertEquals("auto", auto.effective().get("selectionWindow"));
        TrainConfig fixed = TrainConfig.of("g", with("selectionWindow", 25L));
        assertEquals(SelectionWindow.fixed(25), fixed.run().training().selectionWindow());
        assertEquals(25L, fixed.effective().get("selectionWindow"));
        var error = assertThrows(IllegalArgumentException.class, () -> TrainConfig.of("g", with("selectionWindow", "often")));
        assertTrue(error.getMessage().contains("'often'") && error.getMessage().contains("'auto'"), error.getMessage());
    }

    @Test
    void acceptsEnumSpellingsLoosely() {
        assertEquals(SyntheticEdges.BIDIRECTIONAL,
            TrainConfig.of("g", with("syntheticEdges", "Bi-Directional")).run().synthesis().syntheticEdges());
    }

    private static SelfTrainingOptions selfTraining(TrainConfig config) {
        return config.run().training().augmentation(SelfTrainingOptions.class).orElseThrow();
    }

    private static VirtualClassNodes virtualClassNodes(TrainConfig config) {
        return config.run().training().augmentation(VirtualClassNodes.class).orElseThrow();
    }
}
