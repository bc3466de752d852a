package org.graphsha.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.graphsha.training.selection.EarlyStopping;
import org.graphsha.catalog.ModelNames;
import org.graphsha.diffusion.DiffusionOptions;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.DecisionRule;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.method.Method;
import org.graphsha.method.RunConfig;
import org.graphsha.method.TrainingPlan;
import org.graphsha.method.selection.MethodCandidate;
import org.graphsha.method.selection.MethodCandidates;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.Engines;
import org.graphsha.nn.ModelSpec;
import org.graphsha.synthesis.Hardness;
import org.graphsha.synthesis.SynthesisOptions;
import org.graphsha.synthesis.SyntheticEdges;
import org.graphsha.training.augment.VirtualClassNodes;
import org.graphsha.training.decision.DecisionOptions;
import org.graphsha.training.loop.FeatureMode;
import org.graphsha.training.loop.TrainerOptions;
import org.graphsha.training.selection.SelectionWindow;

/**
 * Configuration of {@code graphsha.train}, read through the key declarations of {@link TrainKeys} (each key's
 * default, the reference settings of docs/algorithm.md, its range or choices, and the method or other keys it must
 * fit) and checked here for what the declarations do not say. {@link #effective()} is the configuration with
 * defaults filled in, as the procedure yields it and the model keeps it.
 *
 * <p>The record holds the call's keys (graph, input, job, candidates' scoring, ensemble, decision); what a run trains
 * (method, backbone, trainer, synthesis) is a {@link RunConfig} in {@link #runs()}: the call's own, or one per
 * candidate of {@code candidateMethods}, and {@link #plan} trains them. The run keys that no candidate may set for
 * itself (epochs, seed, device, diffusion, early stopping, GDS's loss weights) are the same in every run: their
 * accessors here read them.
 */
public record TrainConfig(
    String graphName,
    String modelName,
    List<String> nodeLabels,
    List<String> relationshipTypes,
    List<String> targetNodeLabels,
    List<String> featureProperties,
    String targetProperty,
    Optional<String> splitProperty,
    double validationFraction,
    double testFraction,
    FeatureNormalization featureNormalization,
    int concurrency,
    JobOptions job,
    boolean overwrite,
    MethodCandidates candidates,
    List<NamedRun> runs,
    int ensembleSize,
    DecisionOptions decision,
    Map<String, Object> effective
) {
    /**
     * How the features are normalised before training. {@code AUTO} keeps the reference's row sums for features
     * shaped like bag-of-words (no negative value, at most half of the entries non-zero), where a row's sum is
     * its document length; other features (numeric properties, embeddings) get standard scores, since dividing
     * a row of measurements by its sum mixes unrelated units and flips with the sign of the sum.
     */
    public enum FeatureNormalization {
        AUTO, ROW_SUM, BINARIZE_ROW_SUM, NONE, STANDARDIZE;

        private static final double BAG_OF_WORDS_DENSITY = 0.5;

        /** The transform for these raw features; standard scores are fitted on them. */
        public FeatureTransform fit(SparseFeatures raw) {
            return switch (this) {
                case AUTO -> looksLikeBagOfWords(raw) ? ROW_SUM.fit(raw) : STANDARDIZE.fit(raw);
                case ROW_SUM -> new FeatureTransform.RowSum(false);
                case BINARIZE_ROW_SUM -> new FeatureTransform.RowSum(true);
                case NONE -> new FeatureTransform.Identity();
                case STANDARDIZE -> FeatureTransform.StandardScores.fit(raw);
            };
        }

        static boolean looksLikeBagOfWords(SparseFeatures raw) {
            long nonZero = 0;
            for (float v : raw.values()) {
                if (v < 0) {
                    return false;
                }
                if (v != 0) {
                    nonZero++;
                }
            }
            return nonZero <= BAG_OF_WORDS_DENSITY * raw.rows() * (double) raw.dimension();
        }
    }

    public static final String DEFAULT_SYNTHETIC_LABEL = "GraphSHASynthetic";

    /** Keys that train once took; stored models may still carry them. */
    private static final List<String> RETIRED_KEYS = List.of("writeSyntheticNodes", "syntheticNodeLabel");

    public static TrainConfig of(String graphName, Map<String, Object> map) {
        ConfigReader r = new ConfigReader(map);
        Map<String, Object> e = new LinkedHashMap<>();
        String modelName = ModelNames.validate(TrainKeys.MODEL_NAME.put(r, e));
        List<String> nodeLabels = TrainKeys.NODE_LABELS.put(r, e);
        List<String> relationshipTypes = TrainKeys.RELATIONSHIP_TYPES.put(r, e);
        List<String> targetNodeLabels = targetNodeLabels(r, e, nodeLabels);
        List<String> features = TrainKeys.FEATURE_PROPERTIES.put(r, e);
        String target = TrainKeys.TARGET_PROPERTY.put(r, e);
        Optional<String> split = TrainKeys.SPLIT_PROPERTY.read(r);
        split.ifPresent(s -> e.put(TrainKeys.SPLIT_PROPERTY.name(), s));
        double validationFraction = TrainKeys.VALIDATION_FRACTION.put(r, e);
        double testFraction = testFraction(r, e, split);
        FeatureNormalization normalization = TrainKeys.FEATURE_NORMALIZATION.put(r, e);
        CandidateMethodsKeys.Read choice = CandidateMethodsKeys.read(r, e);
        Method method = choice.enabled() ? choice.entries().get(0).method() : TrainKeys.METHOD.put(r, e);

        BackboneKind backbone = TrainKeys.BACKBONE.put(r, e);
        int hidden = TrainKeys.HIDDEN_SIZE.put(r, e);
        int heads = TrainKeys.HEADS.put(r, e);
        TrainKeys.checkAcrossKeys(r);
        ModelSpec spec = new ModelSpec(backbone, hidden, heads, TrainKeys.DROPOUT.put(r, e),
            TrainKeys.GCN_NORMALIZATION.put(r, e), TrainKeys.HOPS.put(r, e));
        int concurrency = TrainKeys.CONCURRENCY.put(r, e);
        TrainerOptions training = new TrainerOptions(spec, method.loss(),
            TrainKeys.EPOCHS.put(r, e),
            TrainKeys.LEARNING_RATE.put(r, e),
            TrainKeys.WEIGHT_DECAY.put(r, e),
            TrainKeys.RANDOM_SEED.put(r, e),
            TrainKeys.DEVICE.put(r, e),
            concurrency,
            FeatureMode.AUTO,
            TrainKeys.CB_BETA.put(r, e),
            TrainKeys.FOCAL_GAMMA.put(r, e),
            TrainKeys.SELECTION_TIE_BREAK.put(r, e),
            selectionWindow(r, e),
            TrainKeys.augmentations(r, method, e),
            new EarlyStopping(TrainKeys.PATIENCE.put(r, e), TrainKeys.TOLERANCE.put(r, e)),
            lossWeights(r, e));

        DiffusionOptions diffusion = new DiffusionOptions(
            TrainKeys.DIFFUSION.put(r, e),
            TrainKeys.DIFFUSION_NORMALIZATION.put(r, e),
            TrainKeys.DIFFUSION_MODE.put(r, e),
            TrainKeys.DIFFUSION_SOURCES.put(r, e),
            TrainKeys.PPR_ALPHA.put(r, e),
            TrainKeys.TOP_K.put(r, e),
            TrainKeys.HEAT_TIME.put(r, e),
            DiffusionOptions.DEFAULT_HEAT_CLIP,
            TrainKeys.DIFFUSION_EPSILON.put(r, e),
            DiffusionOptions.DEFAULT_EXACT_NODE_LIMIT,
            Math.min(concurrency, Runtime.getRuntime().availableProcessors()));
        double[] deltaBeta = defaultDeltaBeta(backbone);
        SynthesisOptions synthesis = new SynthesisOptions(
            TrainKeys.SYNTHESIS_TARGET.put(r, e),
            TrainKeys.SYNTHETIC_EDGES.put(r, e),
            TrainKeys.DELTA_BETA_A.put(r, deltaBeta[0], e),
            TrainKeys.DELTA_BETA_B.put(r, deltaBeta[1], e),
            TrainKeys.TEMPERATURE.put(r, e),
            TrainKeys.WARMUP_EPOCHS.put(r, e),
            TrainKeys.EXCLUDE_OWN_CLASS.put(r, e),
            TrainKeys.ABLATION.put(r, e),
            diffusion,
            hardness(r, e),
            maxSyntheticNodes(r, e));

        // train writes nothing, so writeConcurrency has nothing to do; sudo waives the memory guard (docs/procedures.md).
        int ensembleSize = TrainKeys.ENSEMBLE_SIZE.put(r, e);
        DecisionOptions decision = decision(r, e);
        JobOptions job = JobOptions.read(r, e, concurrency);
        boolean overwrite = TrainKeys.OVERWRITE.put(r, e);
        double upScale = TrainKeys.GRAPH_SMOTE_UP_SCALE.put(r, e);
        for (String retired : RETIRED_KEYS) {
            if (r.given().containsKey(retired)) {
                throw new IllegalArgumentException("Configuration key `" + retired + "` is no longer accepted: "
                    + "graphsha.train is read-only (it runs on read replicas). Write a GraphSHA model's synthetic nodes "
                    + "with CALL graphsha.synthetic.write(graphName, {modelName: '" + modelName + "'})");
            }
        }
        r.finish(TrainKeys.NAMES);
        if (choice.enabled()) {
            // Each candidate is checked as a call naming it alone; each self-trains by its own default unless the call
            // sets the weight (graphsha yes, the baselines no).
            List<NamedRun> runs = CandidateMethodsKeys.runs(graphName, r, choice, e);
            if (!r.given().containsKey(TrainKeys.SELF_TRAINING_WEIGHT.name())) {
                e.remove(TrainKeys.SELF_TRAINING_WEIGHT.name());
            }
            MethodCandidates candidates = new MethodCandidates(runs.stream().map(NamedRun::name).toList(),
                choice.scoring(), choice.folds());
            return new TrainConfig(graphName, modelName, nodeLabels, relationshipTypes, targetNodeLabels, features, target, split,
                validationFraction, testFraction, normalization, concurrency, job, overwrite, candidates, runs,
                ensembleSize, decision, Collections.unmodifiableMap(e));
        }
        // With candidates, each is checked against its own method when its configuration is read (configs above).
        TrainKeys.refuseKeysTheMethodCannotTake(r, method);
        refuseWhatTheBackboneCannotTake(backbone, method, synthesis, training);
        Map<String, Object> effective = Collections.unmodifiableMap(e);
        String name = ConfigReader.choiceName(method);
        NamedRun own = new NamedRun(name, Map.of("method", name), new RunConfig(method, training, synthesis, upScale),
            effective);
        return new TrainConfig(graphName, modelName, nodeLabels, relationshipTypes, targetNodeLabels, features, target, split,
            validationFraction, testFraction, normalization, concurrency, job, overwrite, MethodCandidates.OFF,
            List.of(own), ensembleSize, decision, effective);
    }

    /**
     * The configuration a stored model was trained with, read again (synthetic.write, model listings):
     * keys that later versions retired are dropped, so models trained before stay usable.
     */
    public static TrainConfig ofStored(String graphName, Map<String, Object> stored) {
        Map<String, Object> current = new LinkedHashMap<>(stored);
        RETIRED_KEYS.forEach(current::remove);
        if (!current.containsKey("splitProperty")) {
            // Models trained before the test holdout existed held out validation nodes only.
            current.putIfAbsent(TrainKeys.TEST_FRACTION.name(), 0.0);
        }
        if (current.containsKey("method")) {
            // A model chosen by cross-validation keeps the candidates beside the chosen method; it is a model of
            // that method (see chosenConfiguration).
            CandidateMethodsKeys.CHOICE_KEYS.forEach(current::remove);
        }
        return of(graphName, current);
    }

    /** The method of the call, or each candidate's. */
    public List<Method> methods() {
        return runs.stream().map(n -> n.run().method()).toList();
    }

    /**
     * The call's one run.
     *
     * @throws IllegalStateException when the call names candidates, which train one run each ({@link #runs()})
     */
    public RunConfig run() {
        if (candidates.enabled()) {
            throw new IllegalStateException("a call with candidateMethods trains one run per candidate: read runs()");
        }
        return runs.get(0).run();
    }

    /** The epochs of every run: no candidate sets its own, so that candidates compete on equal terms. */
    public int epochs() {
        return shared().epochs();
    }

    /** The seed of every run (each ensemble member and fold derives its own from it). */
    public long seed() {
        return shared().seed();
    }

    /** The device every run trains on. */
    public Engines.DeviceChoice device() {
        return shared().device();
    }

    /** GDS's patience and tolerance, the same in every run. */
    public EarlyStopping earlyStopping() {
        return shared().earlyStopping();
    }

    /** GDS's classWeights and focusWeight, the same in every run (each candidate's method must take them). */
    public TrainerOptions.LossWeights lossWeights() {
        return shared().lossWeights();
    }

    /** The diffusion every GraphSHA run reads: computed once per call, whatever the candidates. */
    public DiffusionOptions diffusion() {
        return runs.get(0).run().synthesis().diffusion();
    }

    private TrainerOptions shared() {
        return runs.get(0).run().training();
    }

    /**
     * How this call trains: its candidates' scoring and its ensemble, or its own run and its ensemble.
     *
     * @param distribution GraphSHA's S̃ of the graph, shared by every run; null when none needs it
     */
    public TrainingPlan plan(NeighbourDistribution distribution) {
        List<MethodCandidate> candidateRuns = runs.stream()
            .map(n -> new MethodCandidate(n.name(), n.parameters(), n.run(), distribution)).toList();
        return new TrainingPlan(candidateRuns, candidates, ensembleSize, decision);
    }

    /**
     * δ's Beta shapes: the reference's (1, 100), which gives a synthetic node almost only the auxiliary's features
     * and relies on the anchor's neighbours to make it a hard sample of the anchor's class; the warm-up's (2, 2) for a
     * backbone whose root weight passes those features on unsmoothed, so that it would learn the auxiliary's features
     * under the anchor's class (docs/algorithm.md §10.7).
     */
    private static double[] defaultDeltaBeta(BackboneKind backbone) {
        return backbone.hasRootWeight()
            ? new double[] {SynthesisOptions.WARMUP_BETA, SynthesisOptions.WARMUP_BETA}
            : new double[] {SynthesisOptions.DEFAULT_BETA_A, SynthesisOptions.DEFAULT_BETA_B};
    }

    /**
     * The automatic test holdout's share; a split property decides the test nodes itself, so the key is refused
     * beside it and left out of the configuration.
     */
    private static double testFraction(ConfigReader r, Map<String, Object> e, Optional<String> split) {
        if (split.isPresent()) {
            if (r.given().containsKey(TrainKeys.TEST_FRACTION.name())) {
                throw new IllegalArgumentException("Invalid value " + r.given().get(TrainKeys.TEST_FRACTION.name())
                    + " for configuration key `testFraction`: splitProperty `" + split.get() + "` already marks the "
                    + "test nodes; leave testFraction out, or leave splitProperty out for an automatic holdout");
            }
            return 0;
        }
        double fraction = TrainKeys.TEST_FRACTION.put(r, e);
        double validation = (Double) e.get(TrainKeys.VALIDATION_FRACTION.name());
        if (validation + fraction >= 1) {
            throw new IllegalArgumentException("Invalid value " + fraction + " for configuration key `testFraction`: "
                + "with validationFraction " + validation + " it leaves no node to train on; keep their sum below 1, "
                + "for example 0.2 and 0.2");
        }
        return fraction;
    }

    /**
     * The labels to classify must be among the labels read: a node outside {@code nodeLabels} is not in the graph, so
     * it can neither be classified nor carry structure. Kept in the configuration only when given, so that models
     * without it keep their configuration.
     */
    private static List<String> targetNodeLabels(ConfigReader r, Map<String, Object> e, List<String> nodeLabels) {
        if (!r.given().containsKey(TrainKeys.TARGET_NODE_LABELS.name())) {
            return TrainKeys.TARGET_NODE_LABELS.read(r);
        }
        List<String> labels = TrainKeys.TARGET_NODE_LABELS.put(r, e);
        if (!nodeLabels.equals(List.of("*"))) {
            for (String label : labels) {
                if (!label.equals("*") && !nodeLabels.contains(label)) {
                    throw new IllegalArgumentException("Invalid value '" + label + "' for configuration key "
                        + "`targetNodeLabels`: the call reads only the nodeLabels " + nodeLabels + "; add '" + label
                        + "' to nodeLabels or classify one of them");
                }
            }
        }
        return labels;
    }

    /**
     * {@code decisionRule} and the keys that go with it: {@code classPrior} only with {@code prior}, {@code
     * decisionTarget} with the threshold rules and only with them. What depends on the target's classes (the prior's
     * length, two classes for a threshold) is checked once the labels are read ({@link DecisionOptions#requireFits}).
     */
    private static DecisionOptions decision(ConfigReader r, Map<String, Object> e) {
        boolean calibrate = TrainKeys.CALIBRATION.put(r, e) == DecisionOptions.Calibration.TEMPERATURE;
        DecisionRule rule = TrainKeys.DECISION_RULE.put(r, e);
        double[] prior = TrainKeys.CLASS_PRIOR.read(r);
        double target = TrainKeys.DECISION_TARGET.read(r);
        String ruleName = "decisionRule: '" + ConfigReader.choiceName(rule) + "'";
        if (prior != null) {
            if (rule != DecisionRule.PRIOR) {
                throw new IllegalArgumentException("classPrior: " + r.given().get("classPrior") + " is the prior of "
                    + "decisionRule: 'prior', but the call has " + ruleName + "; add decisionRule: 'prior' or leave "
                    + "classPrior out");
            }
            e.put(TrainKeys.CLASS_PRIOR.name(), java.util.Arrays.stream(prior).boxed().toList());
        }
        if (rule.targeted() && Double.isNaN(target)) {
            throw new IllegalArgumentException(ruleName + " needs decisionTarget, the " + (rule
                == DecisionRule.TARGET_PRECISION ? "precision" : "recall") + " to reach on the validation nodes: a "
                + "number in (0, 1], e.g. decisionTarget: 0.9");
        }
        if (!rule.targeted() && !Double.isNaN(target)) {
            throw new IllegalArgumentException("decisionTarget: " + r.given().get("decisionTarget") + " is the target "
                + "of decisionRule: 'targetPrecision' or 'targetRecall', but the call has " + ruleName + "; add one of "
                + "those rules or leave decisionTarget out");
        }
        if (!Double.isNaN(target)) {
            e.put(TrainKeys.DECISION_TARGET.name(), target);
        }
        return new DecisionOptions(rule, prior, target, calibrate);
    }

    /** The decoupled backbone scores rows alone; what needs the augmented graph on the engine is refused up front. */
    private static void refuseWhatTheBackboneCannotTake(BackboneKind backbone, Method method, SynthesisOptions synthesis,
                                                        TrainerOptions training) {
        if (backbone != BackboneKind.SIGN) {
            return;
        }
        if (!method.takesDecoupledBackbone()) {
            throw new IllegalArgumentException("method: '" + ConfigReader.choiceName(method) + "' does not train on "
                + "backbone: 'sign': it reads the augmented graph on the engine, which the sign backbone does not build. "
                + "Use backbone: 'gcn', or one of the methods graphsha, vanilla, reweight, pcSoftmax, cbLoss, focal, "
                + "reNode, upsample");
        }
        if (method.needsDiffusion() && synthesis.syntheticEdges() != SyntheticEdges.INBOUND) {
            throw new IllegalArgumentException("syntheticEdges: '"
                + ConfigReader.choiceName(synthesis.syntheticEdges()) + "' does not train on backbone: 'sign', which "
                + "keeps every real node's hop features fixed: use syntheticEdges: 'inbound' (the default)");
        }
        training.augmentation(VirtualClassNodes.class).filter(VirtualClassNodes::enabled).ifPresent(nodes -> {
            throw new IllegalArgumentException("virtualClassNodes: '" + ConfigReader.choiceName(nodes) + "' does not "
                + "train on backbone: 'sign': virtual links change real nodes' neighbourhoods. Use virtualClassNodes: "
                + "'none' or backbone: 'gcn'");
        });
    }

    /** {@code maxSyntheticNodes}: in the effective configuration only when given, as "none" is no number. */
    private static int maxSyntheticNodes(ConfigReader r, Map<String, Object> e) {
        int limit = TrainKeys.MAX_SYNTHETIC_NODES.read(r);
        if (limit != SynthesisOptions.NO_LIMIT) {
            e.put(TrainKeys.MAX_SYNTHETIC_NODES.name(), limit);
        }
        return limit;
    }

    /** classWeights is kept in the effective configuration only when given: its default is no weights at all. */
    private static TrainerOptions.LossWeights lossWeights(ConfigReader r, Map<String, Object> e) {
        double[] classWeights = TrainKeys.CLASS_WEIGHTS.read(r);
        if (classWeights != null) {
            e.put(TrainKeys.CLASS_WEIGHTS.name(), java.util.Arrays.stream(classWeights).boxed().toList());
        }
        float focusWeight = TrainKeys.FOCUS_WEIGHT.put(r, e);
        return classWeights == null && focusWeight == 0f ? TrainerOptions.LossWeights.NONE
            : new TrainerOptions.LossWeights(classWeights, focusWeight);
    }

    private static SelectionWindow selectionWindow(ConfigReader r, Map<String, Object> effective) {
        SelectionWindow window = TrainKeys.SELECTION_WINDOW.read(r);
        effective.put(TrainKeys.SELECTION_WINDOW.name(), window.configValue());
        return window;
    }

    /**
     * `hardness` and its k. `hardnessNeighbours` belongs to the kNN rule only, so it is refused with the
     * confidence rule and appears in the effective configuration only with kNN (a stored model's
     * configuration must read back).
     */
    private static Hardness hardness(ConfigReader r, Map<String, Object> e) {
        Hardness.Kind kind = TrainKeys.HARDNESS.put(r, e);
        if (kind == Hardness.Kind.CONFIDENCE) {
            if (r.given().containsKey(TrainKeys.HARDNESS_NEIGHBOURS.name())) {
                throw new IllegalArgumentException("hardnessNeighbours: " + r.given().get("hardnessNeighbours")
                    + " is the k of hardness: 'knn', but hardness is 'confidence'; add hardness: 'knn' or leave "
                    + "hardnessNeighbours out");
            }
            return Hardness.CONFIDENCE_RULE;
        }
        return new Hardness(kind, TrainKeys.HARDNESS_NEIGHBOURS.put(r, e));
    }

    /**
     * The configuration a model chosen among {@code candidateMethods} keeps: that of a call naming the chosen
     * candidate, with the choice's keys just after {@code method}.
     *
     * @param chosen the candidate's index
     */
    public Map<String, Object> chosenConfiguration(int chosen) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : runs.get(chosen).effective().entrySet()) {
            map.put(entry.getKey(), entry.getValue());
            if (entry.getKey().equals("method")) {
                for (String key : CandidateMethodsKeys.CHOICE_KEYS) {
                    map.put(key, effective.get(key));
                }
            }
        }
        return Collections.unmodifiableMap(map);
    }

    /** Labels and types for the GDS adapter: '*' means all. */
    public static List<String> filter(List<String> names) {
        return names.equals(List.of("*")) ? List.of() : names;
    }
}
