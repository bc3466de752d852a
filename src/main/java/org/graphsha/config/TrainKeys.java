package org.graphsha.config;

import static org.graphsha.config.Key.Part.CALL;
import static org.graphsha.config.Key.Part.RUN;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.graphsha.training.selection.EarlyStopping;
import org.graphsha.config.TrainConfig.FeatureNormalization;
import org.graphsha.diffusion.DiffusionKind;
import org.graphsha.diffusion.DiffusionMode;
import org.graphsha.diffusion.DiffusionOptions;
import org.graphsha.diffusion.DiffusionSources;
import org.graphsha.diffusion.Normalization;
import org.graphsha.graph.DecisionRule;
import org.graphsha.method.Method;
import org.graphsha.method.selection.CandidateScoring;
import org.graphsha.method.selection.MethodCandidates;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.Engines.DeviceChoice;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.ModelSpec;
import org.graphsha.synthesis.Ablation;
import org.graphsha.synthesis.Hardness;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SynthesisTarget;
import org.graphsha.synthesis.SyntheticEdges;
import org.graphsha.training.augment.EpochAugmentation;
import org.graphsha.training.augment.SelfTrainingOptions;
import org.graphsha.training.augment.VirtualClassNodes;
import org.graphsha.training.decision.DecisionOptions;
import org.graphsha.training.selection.SelectionTieBreak;
import org.graphsha.training.selection.SelectionWindow;
import org.graphsha.training.losses.LossKind;

/**
 * Every key of {@code graphsha.train}, declared once, in the order of its key table in docs/procedures.md (a test
 * compares the two). {@link TrainConfig} reads each key through its declaration; the keys a candidate of
 * {@code candidateMethods} may set are those declared per candidate.
 */
final class TrainKeys {

    /** Each member is a full training run, so the cap keeps a typo from holding the server for hours. */
    static final int MAX_ENSEMBLE_SIZE = 20;
    /** Why the methods with a loss of their own refuse classWeights and focusWeight. */
    private static final String OWN_LOSS = "the methods that train on plain cross-entropy; reweight, pcSoftmax, "
        + "cbLoss, focal, reNode and tamReNode each set their own class weights or loss, which these keys would "
        + "change into another method";
    /** graphsha's defaults beyond the paper (docs/benchmarks/beyond-the-paper.md). */
    static final double DEFAULT_SELF_TRAINING_WEIGHT = 2;

    static final Key<String> MODEL_NAME = Key.requiredString("modelName", CALL);
    static final Key<List<String>> FEATURE_PROPERTIES = Key.strings("featureProperties", CALL, List.of("features"),
        "`['features']`");
    static final Key<String> TARGET_PROPERTY = Key.string("targetProperty", CALL, "class");
    static final Key<Optional<String>> SPLIT_PROPERTY = Key.optionalString("splitProperty", CALL, "none");
    static final Key<Double> VALIDATION_FRACTION = Key.number("validationFraction", CALL, 0.2, 0, 1, true, "`0.2`");
    /** GDS's configureSplit name; 0 keeps every labeled node for training and validation. */
    static final Key<Double> TEST_FRACTION = Key.number("testFraction", CALL, 0.2, 0, 0.9, false, "`0.2`");
    static final Key<FeatureNormalization> FEATURE_NORMALIZATION = Key.choice("featureNormalization", CALL,
        FeatureNormalization.AUTO, FeatureNormalization.class);
    static final Key<Method> METHOD = Key.choice("method", RUN, Method.GRAPHSHA, Method.class);
    /** Read by {@link CandidateMethodsKeys}: a list of methods, or of maps of a method and keys of its own. */
    static final Key<Object> CANDIDATE_METHODS = Key.custom("candidateMethods", CALL, "none", null,
        (r, key, d) -> r.raw(key));
    static final Key<CandidateScoring> CANDIDATE_SCORING = Key.choice("candidateScoring", CALL, CandidateScoring.AUTO,
        CandidateScoring.class);
    static final Key<Integer> VALIDATION_FOLDS = Key.integer("validationFolds", CALL, MethodCandidates.DEFAULT_FOLDS,
        2, 100, "`3`");
    static final Key<Integer> ENSEMBLE_SIZE = Key.integer("ensembleSize", CALL, 1, 1, MAX_ENSEMBLE_SIZE, "`1`");
    static final Key<DecisionOptions.Calibration> CALIBRATION = Key.choice("calibration", CALL,
        DecisionOptions.Calibration.TEMPERATURE, DecisionOptions.Calibration.class);
    static final Key<DecisionRule> DECISION_RULE = Key.choice("decisionRule", CALL, DecisionRule.BALANCED,
        DecisionRule.class);
    /** Read by {@link TrainConfig}: a list of positive numbers, one per class; its length is checked against the target. */
    static final Key<double[]> CLASS_PRIOR = Key.custom("classPrior", CALL, "the labeled training nodes' class shares",
        null, (r, key, d) -> r.positiveNumbers(key));
    /** A precision or recall: 0 would flag every node or none, so it is refused. */
    static final Key<Double> DECISION_TARGET = Key.custom("decisionTarget", CALL, "none", Double.NaN,
        (r, key, d) -> r.raw(key) == null ? d : r.numberInHalfOpenUnit(key));
    static final Key<BackboneKind> BACKBONE = candidate(Key.choice("backbone", RUN, BackboneKind.SAGE,
        BackboneKind.class));
    static final Key<Integer> HIDDEN_SIZE = candidate(Key.integer("hiddenSize", RUN, 64, 1, 4096, "`64`"));
    static final Key<Integer> HEADS = candidate(Key.integer("heads", RUN, 4, 1, 64, "`4`")
        .against(HIDDEN_SIZE, (heads, hidden) -> hidden % heads == 0, "divide"));
    static final Key<Float> DROPOUT = candidate(Key.single("dropout", RUN, 0.5, 0, 1, "`0.5`"));
    static final Key<GcnNormalization> GCN_NORMALIZATION = candidate(Key.choice("gcnNormalization", RUN,
        GcnNormalization.MEAN, GcnNormalization.class));
    static final Key<Integer> HOPS = candidate(Key.integer("hops", RUN, ModelSpec.DEFAULT_HOPS, 0, ModelSpec.MAX_HOPS,
        "`2`"));
    static final Key<Integer> EPOCHS = Key.integer("epochs", RUN, 900, 1, 1_000_000, "`900`");
    /** GDS's name; 0 is off, as the paper's protocol trains every epoch. */
    static final Key<Integer> PATIENCE = Key.integer("patience", RUN, 0, 0, 1_000_000, "`0` (off)");
    static final Key<Double> TOLERANCE = Key.number("tolerance", RUN, EarlyStopping.DEFAULT_TOLERANCE,
        0, 1, false, "`0.001`");
    static final Key<SelectionTieBreak> SELECTION_TIE_BREAK = candidate(Key.choice("selectionTieBreak", RUN,
        SelectionTieBreak.FIRST, SelectionTieBreak.class));
    static final Key<SelectionWindow> SELECTION_WINDOW = candidate(Key.custom("selectionWindow", RUN, "`'auto'`",
        SelectionWindow.AUTO, (r, key, d) -> {
            Integer epochs = r.intInRangeOrWord(key, "auto", 1, 1000);
            return epochs == null ? d : epochs < 0 ? SelectionWindow.AUTO : SelectionWindow.fixed(epochs);
        }));
    /** Its default depends on the method: only graphsha self-trains unless the call says otherwise. */
    static final Key<Double> SELF_TRAINING_WEIGHT = candidate(Key.number("selfTrainingWeight", RUN,
        DEFAULT_SELF_TRAINING_WEIGHT, 0, 100, false, "`2` with `graphsha`, `0` with other methods")
        .augmentation(weight -> weight > 0, SelfTrainingOptions.class));
    static final Key<Integer> SELF_TRAINING_WARMUP = candidate(Key.integer("selfTrainingWarmup", RUN, 20, 0,
        1_000_000, "`20`"));
    static final Key<VirtualClassNodes> VIRTUAL_CLASS_NODES = candidate(Key.choice("virtualClassNodes", RUN,
        VirtualClassNodes.NONE, VirtualClassNodes.class).augmentation(VirtualClassNodes::enabled,
        VirtualClassNodes.class));
    static final Key<Double> LEARNING_RATE = candidate(Key.number("learningRate", RUN, 0.01, 0, 10, true, "`0.01`"));
    static final Key<Double> WEIGHT_DECAY = candidate(Key.number("weightDecay", RUN, 5e-4, 0, 1, false, "`5e-4`"));
    static final Key<Double> CB_BETA = candidate(Key.number("cbBeta", RUN, 0.999, 0, 1, true, "`0.999`"));
    static final Key<Float> FOCAL_GAMMA = candidate(Key.single("focalGamma", RUN, 2, 0, 100, "`2`"));
    /** GDS's imbalance keys: they reshape plain cross-entropy, so the methods with a loss of their own refuse them. */
    static final Key<double[]> CLASS_WEIGHTS = Key.<double[]>custom("classWeights", RUN, "none (every class 1)", null,
        (r, key, d) -> r.nonNegativeNumbers(key)).onlyWith(weights -> weights != null, TrainKeys::takesLossWeights,
        crossEntropyMethods(), OWN_LOSS);
    static final Key<Float> FOCUS_WEIGHT = Key.single("focusWeight", RUN, 0, 0, 100, "`0`")
        .onlyWith(gamma -> gamma != 0f, TrainKeys::takesLossWeights, crossEntropyMethods(), OWN_LOSS);
    static final Key<Double> GRAPH_SMOTE_UP_SCALE = candidate(Key.number("graphSmoteUpScale", RUN, 0, 0, 100, false,
        "`0`").onlyWith(upScale -> upScale != 0, Method::takesUpScale, "graphSmote", null));
    static final Key<SynthesisTarget> SYNTHESIS_TARGET = candidate(Key.choice("synthesisTarget", RUN,
        SynthesisTarget.MAX, SynthesisTarget.class));
    static final Key<SyntheticEdges> SYNTHETIC_EDGES = candidate(Key.choice("syntheticEdges", RUN,
        SyntheticEdges.INBOUND, SyntheticEdges.class));
    /** δ's Beta shapes: their default depends on the backbone (docs/algorithm.md §10.7). */
    static final Key<Double> DELTA_BETA_A = candidate(Key.number("deltaBetaA", RUN, SynthesisOptions.DEFAULT_BETA_A,
        0, 1e6, true, "`2`, `2` with `sage` (the default backbone); `1`, `100` with `gcn` and `gat`"));
    static final Key<Double> DELTA_BETA_B = candidate(Key.number("deltaBetaB", RUN, SynthesisOptions.DEFAULT_BETA_B,
        0, 1e6, true, "`2`, `2` with `sage` (the default backbone); `1`, `100` with `gcn` and `gat`"));
    static final Key<Double> TEMPERATURE = candidate(Key.number("temperature", RUN,
        SynthesisOptions.DEFAULT_TEMPERATURE, 0, 1e6, true, "`2`"));
    static final Key<Integer> WARMUP_EPOCHS = candidate(Key.integer("warmupEpochs", RUN,
        SynthesisOptions.DEFAULT_WARMUP_EPOCHS, -1, 1_000_000, "`5`"));
    static final Key<Boolean> EXCLUDE_OWN_CLASS = candidate(Key.bool("excludeOwnClass", RUN, true));
    static final Key<Hardness.Kind> HARDNESS = candidate(Key.choice("hardness", RUN, Hardness.Kind.CONFIDENCE,
        Hardness.Kind.class).onlyWith(kind -> kind != Hardness.Kind.CONFIDENCE, Method::takesHardness, "graphsha",
        "whose synthesis draws anchors by hardness"));
    static final Key<Integer> HARDNESS_NEIGHBOURS = candidate(Key.integer("hardnessNeighbours", RUN,
        Hardness.DEFAULT_NEIGHBOURS, 1, Hardness.MAX_TRAINING_NODES, "`10`"));
    /** A per-epoch bound for graphs whose class sizes would ask millions of rows (docs/benchmarks/scale.md). */
    static final Key<Integer> MAX_SYNTHETIC_NODES = candidate(Key.custom("maxSyntheticNodes", RUN, "none",
        SynthesisOptions.NO_LIMIT, (r, key, d) -> r.raw(key) == null ? d : r.intInRange(key, d, 1, Integer.MAX_VALUE))
        .onlyWith(limit -> limit != SynthesisOptions.NO_LIMIT, Method::needsDiffusion, "graphsha",
            "whose synthesis it bounds"));
    static final Key<Ablation> ABLATION = candidate(Key.choice("ablation", RUN, Ablation.NONE, Ablation.class));
    static final Key<DiffusionKind> DIFFUSION = Key.choice("diffusion", RUN, DiffusionKind.PPR, DiffusionKind.class);
    static final Key<Normalization> DIFFUSION_NORMALIZATION = Key.choice("diffusionNormalization", RUN,
        Normalization.SYMMETRIC, Normalization.class);
    static final Key<DiffusionMode> DIFFUSION_MODE = Key.choice("diffusionMode", RUN, DiffusionMode.AUTO,
        DiffusionMode.class);
    /** Whose columns make the rows read: every node's (S̃ exactly) or the read rows' own (docs/algorithm.md §4.1). */
    static final Key<DiffusionSources> DIFFUSION_SOURCES = Key.choice("diffusionSources", RUN, DiffusionSources.ALL,
        DiffusionSources.class);
    static final Key<Double> PPR_ALPHA = Key.number("pprAlpha", RUN, DiffusionOptions.DEFAULT_ALPHA, 0, 1, true,
        "`0.05`");
    static final Key<Integer> TOP_K = Key.integer("topK", RUN, DiffusionOptions.DEFAULT_TOP_K, 1, 100_000, "`128`");
    static final Key<Double> HEAT_TIME = Key.number("heatTime", RUN, DiffusionOptions.DEFAULT_HEAT_TIME, 0, 1000, true,
        "`5`");
    static final Key<Double> DIFFUSION_EPSILON = Key.number("diffusionEpsilon", RUN, DiffusionOptions.DEFAULT_EPSILON,
        0, 1, true, "`1e-5`");
    static final Key<Integer> RANDOM_SEED = Key.integer("randomSeed", RUN, 100, 0, Integer.MAX_VALUE, "`100`");
    static final Key<DeviceChoice> DEVICE = Key.choice("device", RUN, DeviceChoice.AUTO, DeviceChoice.class);
    static final Key<Integer> CONCURRENCY = Key.integer("concurrency", CALL, 1, 1, 1024, "`1`");
    static final Key<List<String>> NODE_LABELS = Key.strings("nodeLabels", CALL, List.of("*"), "`['*']`");
    static final Key<List<String>> RELATIONSHIP_TYPES = Key.strings("relationshipTypes", CALL, List.of("*"),
        "`['*']`");
    /** GDS's meaning: the labels whose nodes are classified; the other selected nodes are structure only. */
    static final Key<List<String>> TARGET_NODE_LABELS = Key.strings("targetNodeLabels", CALL, List.of("*"), "`['*']`");
    static final Key<Boolean> OVERWRITE = Key.bool("overwrite", CALL, false);

    /**
     * The rows of the key table in docs/procedures.md, in its order: most keys have a row of their own, a few that
     * belong together share one (whose default is its first key's).
     */
    static final List<List<Key<?>>> TABLE = List.of(
        List.of(MODEL_NAME), List.of(FEATURE_PROPERTIES), List.of(TARGET_PROPERTY), List.of(SPLIT_PROPERTY),
        List.of(VALIDATION_FRACTION), List.of(TEST_FRACTION), List.of(FEATURE_NORMALIZATION), List.of(METHOD), List.of(CANDIDATE_METHODS),
        List.of(CANDIDATE_SCORING), List.of(VALIDATION_FOLDS), List.of(ENSEMBLE_SIZE), List.of(CALIBRATION), List.of(DECISION_RULE),
        List.of(CLASS_PRIOR), List.of(DECISION_TARGET), List.of(BACKBONE),
        List.of(HIDDEN_SIZE), List.of(HEADS), List.of(DROPOUT), List.of(GCN_NORMALIZATION), List.of(HOPS), List.of(EPOCHS),
        List.of(PATIENCE), List.of(TOLERANCE),
        List.of(SELECTION_TIE_BREAK), List.of(SELECTION_WINDOW), List.of(SELF_TRAINING_WEIGHT),
        List.of(SELF_TRAINING_WARMUP), List.of(VIRTUAL_CLASS_NODES), List.of(LEARNING_RATE), List.of(WEIGHT_DECAY),
        List.of(CB_BETA), List.of(FOCAL_GAMMA), List.of(CLASS_WEIGHTS), List.of(FOCUS_WEIGHT),
        List.of(GRAPH_SMOTE_UP_SCALE), List.of(SYNTHESIS_TARGET),
        List.of(SYNTHETIC_EDGES), List.of(DELTA_BETA_A, DELTA_BETA_B), List.of(TEMPERATURE), List.of(WARMUP_EPOCHS),
        List.of(EXCLUDE_OWN_CLASS), List.of(HARDNESS), List.of(HARDNESS_NEIGHBOURS), List.of(MAX_SYNTHETIC_NODES),
        List.of(ABLATION),
        List.of(DIFFUSION), List.of(DIFFUSION_NORMALIZATION), List.of(DIFFUSION_MODE), List.of(DIFFUSION_SOURCES),
        List.of(PPR_ALPHA),
        List.of(TOP_K), List.of(HEAT_TIME), List.of(DIFFUSION_EPSILON), List.of(RANDOM_SEED), List.of(DEVICE),
        List.of(CONCURRENCY), List.of(NODE_LABELS, RELATIONSHIP_TYPES), List.of(TARGET_NODE_LABELS),
        List.of(JobOptions.JOB_ID, JobOptions.LOG_PROGRESS, JobOptions.WRITE_CONCURRENCY, JobOptions.SUDO),
        List.of(OVERWRITE));

    /** Every key, in the table's order. */
    static final List<Key<?>> ALL = TABLE.stream().flatMap(List::stream).toList();

    /** The names of every key, which a call may give and no other. */
    static final Set<String> NAMES = ALL.stream().map(Key::name).collect(Collectors.toUnmodifiableSet());

    /**
     * Keys a candidate may set for itself: how its model trains. The data and split, the diffusion (one S̃ serves
     * every candidate), the epochs, the seed and the job stay the call's, so that the candidates compete on equal
     * terms.
     */
    static final Set<String> PER_CANDIDATE = Collections.unmodifiableSortedSet(
        new TreeSet<>(ALL.stream().filter(Key::perCandidate).map(Key::name).toList()));

    private TrainKeys() {}

    /**
     * The per-epoch augmentations of a run, each read from its keys, in the order the trainer applies them. Only
     * graphsha self-trains unless the call says otherwise: the baselines train as their papers do.
     */
    static List<EpochAugmentation> augmentations(ConfigReader r, Method method, Map<String, Object> e) {
        double selfTrainingWeight = method.selfTrainsByDefault() ? DEFAULT_SELF_TRAINING_WEIGHT : 0;
        return List.of(
            new SelfTrainingOptions(SELF_TRAINING_WEIGHT.put(r, selfTrainingWeight, e), SELF_TRAINING_WARMUP.put(r, e)),
            VIRTUAL_CLASS_NODES.put(r, e));
    }

    /**
     * Refuses every given key that {@code method} cannot take, as the keys declare ({@link Key#onlyWith},
     * {@link Key#augmentation}).
     */
    static void refuseKeysTheMethodCannotTake(ConfigReader r, Method method) {
        ALL.forEach(key -> key.checkMethod(r, method));
    }

    /** Refuses every key whose value does not fit the other keys it is declared against ({@link Key#against}). */
    static void checkAcrossKeys(ConfigReader r) {
        ALL.forEach(key -> key.checkOtherKeys(r));
    }

    /** Whether the method trains on plain cross-entropy, which classWeights and focusWeight reshape. */
    static boolean takesLossWeights(Method method) {
        return method.loss() == LossKind.VANILLA;
    }

    /** The methods that take classWeights and focusWeight, as the refusal names them. */
    private static String crossEntropyMethods() {
        return java.util.Arrays.stream(Method.values()).filter(TrainKeys::takesLossWeights)
            .map(ConfigReader::choiceName).collect(Collectors.joining("', '"));
    }

    private static <T> Key<T> candidate(Key<T> key) {
        return key.perCandidate(true);
    }
}
