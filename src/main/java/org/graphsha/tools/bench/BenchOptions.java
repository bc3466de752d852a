package org.graphsha.tools.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.config.ConfigReader;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.KnownDataset;
import org.graphsha.data.TieOrder;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.Engines.DeviceChoice;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.ModelSpec;
import org.graphsha.training.loop.TrainerOptions;
import org.graphsha.tools.generate.Flags;
import org.graphsha.tools.generate.UserGraphSettings;
import org.graphsha.training.losses.LossKind;

/** Parsed {@code bench} flags; a bad flag raises {@link UsageException} naming the flag and value. */
record BenchOptions(KnownDataset dataset, boolean longTailed, BackboneKind backbone, LossKind method, int runs,
                    long seed, int epochs, boolean json, Path out, Path datasets, DeviceChoice device, int threads,
                    GcnNormalization gcnNorm, int heads, TieOrder ties, TrainConfig train,
                    UserGraphSettings userGraph, int averageSeeds, List<RuleComparison.Rule> decisionRules,
                    List<SpreadingComparison.Blend> spreadings) {

    /** The arXiv-size generated graph (time split) rather than one of the paper's datasets. */
    boolean generated() {
        return dataset == null && userGraph == null;
    }

    /** The user-shaped graph: automatic holdout over its labels, scored on its unlabeled nodes. */
    boolean userShaped() {
        return userGraph != null;
    }

    String datasetId() {
        return generated() ? GENERATED : userShaped() ? USER_GRAPH : dataset.id();
    }

    /** The split's short name as the tables print it: LT, ST, time for the generated graph, holdout for the user graph. */
    String settingLabel() {
        return generated() ? "time" : userShaped() ? "holdout" : longTailed ? "LT" : "ST";
    }

    static final String GENERATED = "generated";
    static final String USER_GRAPH = "usergraph";

    /**
     * The method's user-facing name, as the {@code method} key spells it (graphsha, graphEns, vanilla, ...);
     * with {@code --candidateMethods}, "cv:" and the candidates.
     */
    String methodName() {
        return train.candidates().enabled() ? "cv:" + String.join(",", train.candidates().names())
            : ConfigReader.choiceName(train.run().method());
    }

    static final String USAGE = "usage: bench --dataset cora|citeseer|photo|computers|cs --setting lt|step"
        + " (or --dataset generated --setting time: the arXiv-size graph of generate, in memory;"
        + " or --dataset usergraph --setting holdout [--user-KNOB VALUE ...]: a fraud-shaped graph scored on its"
        + " unlabeled nodes, knobs " + UserGraphSettings.FLAGS + ")"
        + " [--backbone sage|gcn|gat; without it, graphsha.train's default]"
        + " [--method graphsha|upsample|graphSmote|graphEns|tam|tamRenode|vanilla|reweight"
        + "|pcSoftmax|cbLoss|focal|reNode; without it, graphsha.train's default] [--runs 10]"
        + " [--seed 100] [--epochs 900] [--format table|json] [--out FILE] [--datasets DIR]"
        + " [--device auto|cpu|gpu] [--threads N] [--gcn-norm mean|symmetric] [--heads 4]"
        + " [--lt-ties ascending|shuffled:SEED] [--average-seeds K: also score blocks of K runs by their mean"
        + " probabilities]"
        + " [--decisionRule balanced|prior|macroF1|targetPrecision|targetRecall [--decisionTarget 0.9]: the runs'"
        + " figures under that rule] [--decision-rules balanced,prior,macroF1,targetPrecision:0.5,...: also every"
        + " listed rule fitted to the same runs, side by side; for two classes with balanced listed, also the test"
        + " oracle, the best threshold on the test labels, which bounds every rule]"
        + " [--label-spreading 0.8:0.25,...: also each run's test probabilities blended with class-balanced label"
        + " spreading from its training labels, ALPHA:WEIGHT, with the blend's test oracle for two classes]"
        + " [--KEY VALUE ...: any graphsha.train configuration key, e.g. --syntheticEdges bidirectional"
        + " --diffusion heat --ablation easySamples --deltaBetaB 50;"
        + " --candidateMethods graphsha,tam,reweight [--candidateScoring auto|folds|validation] [--validationFolds 3] instead of --method chooses among them;"
        + " a candidate with keys of its own is METHOD:KEY=VALUE[:KEY=VALUE], e.g. graphsha,graphsha:selfTrainingWeight=0]";

    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }

    static BenchOptions parse(String[] args) {
        String dataset = null;
        String setting = null;
        String backbone = null;
        String method = null;
        String runs = "10";
        String seed = "100";
        String format = "table";
        String out = null;
        String datasets = null;
        String threads = "0";
        String ties = "ascending";
        String averageSeeds = "0";
        String decisionRules = null;
        String spreadings = null;
        Map<String, Object> trainKeys = new LinkedHashMap<>();
        List<String> userFlags = new ArrayList<>();
        int start = args.length > 0 && args[0].equals("bench") ? 1 : 0;
        for (int i = start; i < args.length; i++) {
            String flag = args[i];
            if (!flag.startsWith("--")) {
                throw new UsageException("unexpected argument `" + flag + "`; flags start with --");
            }
            if (i + 1 >= args.length) {
                throw new UsageException("flag " + flag + " needs a value");
            }
            String value = args[++i];
            switch (flag) {
                case "--dataset" -> dataset = value;
                case "--setting" -> setting = value;
                case "--backbone" -> backbone = value;
                case "--method" -> method = value;
                case "--gcn-norm" -> trainKeys.put("gcnNormalization", value);
                case "--runs" -> runs = value;
                case "--seed" -> seed = value;

                case "--format" -> format = value;
                case "--out" -> out = value;
                case "--datasets" -> datasets = value;

                case "--threads" -> threads = value;
                case "--lt-ties" -> ties = value;
                case "--average-seeds" -> averageSeeds = value;
                case "--decision-rules" -> decisionRules = value;
                case "--label-spreading" -> spreadings = value;
                default -> {
                    if (flag.startsWith("--user-")) {
                        userFlags.add(flag);
                        userFlags.add(value);
                    } else if (flag.equals("--candidateMethods")) {
                        trainKeys.put("candidateMethods", candidates(value));
                    } else {
                        trainKeys.put(flag.substring(2), Flags.typed(value));
                    }
                }
            }
        }
        String datasetName = required("--dataset", dataset);
        boolean user = datasetName.equals(USER_GRAPH);
        KnownDataset d = datasetName.equals(GENERATED) || user ? null : KnownDataset.find(datasetName)
            .orElseThrow(() -> new UsageException("--dataset must be cora, citeseer, photo, computers, cs, generated"
                + " or usergraph, but was `" + datasetName + "`"));
        String settingName = required("--setting", setting).toLowerCase();
        if ((d == null && !user) != settingName.equals("time")) {
            throw new UsageException("--setting time goes with --dataset generated (and only with it), but was `"
                + setting + "` with --dataset " + datasetName);
        }
        if (user != settingName.equals("holdout")) {
            throw new UsageException("--setting holdout goes with --dataset usergraph (and only with it), but was `"
                + setting + "` with --dataset " + datasetName);
        }
        UserGraphSettings userGraph = userGraph(user, userFlags);
        boolean lt = switch (settingName) {
            case "lt" -> true;
            case "step", "st", "time", "holdout" -> false;
            default -> throw new UsageException("--setting must be lt or step, but was `" + setting + "`");
        };
        // Without --backbone or --method the bench runs what graphsha.train runs without those keys.
        if (backbone != null) {
            trainKeys.put("backbone", backbone);
        }
        if (method != null) {
            trainKeys.put("method", method);
        }
        trainKeys.putIfAbsent("device", "cpu");
        int r = positive("--runs", runs);
        long s = parseLong("--seed", seed);
        boolean json = switch (format) {
            case "table" -> false;
            case "json" -> true;
            default -> throw new UsageException("--format must be table or json, but was `" + format + "`");
        };
        int t = (int) parseLong("--threads", threads);
        if (t < 0) {
            throw new UsageException("--threads must be >= 0, but was `" + threads + "`");
        }
        int k = (int) parseLong("--average-seeds", averageSeeds);
        if (k != 0 && (k < 2 || r % k != 0 || json)) {
            throw new UsageException("--average-seeds " + averageSeeds + " must be at least 2 and divide --runs " + r
                + " (and goes with --format table): choose --runs as a multiple of it, e.g. --runs " + 5 * Math.max(k, 2));
        }
        Path dir = datasets != null ? Path.of(datasets) : BenchDatasets.defaultDir();
        TieOrder tieOrder;
        try {
            tieOrder = TieOrder.parse(ties);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--lt-ties: " + e.getMessage());
        }
        TrainConfig train = trainConfig(trainKeys);
        // The report's model columns: the call's run, or with --candidateMethods the first candidate's.
        TrainerOptions first = train.runs().get(0).run().training();
        ModelSpec spec = first.model();
        return new BenchOptions(d, lt, spec.kind(), first.loss(), r, s, train.epochs(), json,
            out == null ? null : Path.of(out), dir, train.device(), t, spec.gcnNormalization(), spec.heads(),
            tieOrder, train, userGraph, k, decisionRules == null ? List.of()
                : RuleComparison.parse(decisionRules, train.decision().calibrate()),
            spreadings == null ? List.of() : SpreadingComparison.parse(spreadings));
    }

    private static UserGraphSettings userGraph(boolean user, List<String> flags) {
        if (!user) {
            if (!flags.isEmpty()) {
                throw new UsageException("flag " + flags.get(0) + " sets the user-shaped graph; it needs --dataset "
                    + USER_GRAPH);
            }
            return null;
        }
        try {
            Flags parsed = new Flags(flags);
            UserGraphSettings settings = UserGraphSettings.parse(parsed);
            parsed.finish(UserGraphSettings.FLAGS);
            return settings;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * Every flag the bench does not own itself is a graphsha.train configuration key (backbone, method,
     * epochs, heads, device and all synthesis, diffusion and loss options): the procedure's own config
     * validates them, with the same names and defaults.
     */
    static TrainConfig trainConfig(Map<String, Object> keys) {
        Map<String, Object> map = new LinkedHashMap<>(keys);
        map.put("modelName", "bench");
        try {
            return TrainConfig.of("bench", map);
        } catch (IllegalArgumentException ex) {
            throw new UsageException(ex.getMessage().replace("configuration key `", "flag `--")
                .replace("--gcnNormalization", "--gcn-norm"));
        }
    }

    /** {@code --candidateMethods}: comma-separated methods, each optionally followed by {@code :KEY=VALUE} pairs. */
    static List<Object> candidates(String value) {
        List<Object> entries = new ArrayList<>();
        for (String entry : value.split(",")) {
            String[] parts = entry.split(":");
            if (parts.length == 1) {
                entries.add(entry);
                continue;
            }
            Map<String, Object> candidate = new LinkedHashMap<>();
            candidate.put("method", parts[0]);
            for (int i = 1; i < parts.length; i++) {
                int equals = parts[i].indexOf('=');
                if (equals <= 0) {
                    throw new UsageException("--candidateMethods entry `" + entry + "` needs KEY=VALUE after each ':', "
                        + "e.g. graphsha:selfTrainingWeight=0");
                }
                candidate.put(parts[i].substring(0, equals), Flags.typed(parts[i].substring(equals + 1)));
            }
            entries.add(candidate);
        }
        return entries;
    }

    private static String required(String flag, String value) {
        if (value == null) {
            throw new UsageException("missing required flag " + flag);
        }
        return value;
    }

    private static long parseLong(String flag, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException ex) {
            throw new UsageException(flag + " must be an integer, but was `" + value + "`");
        }
    }

    private static int positive(String flag, String value) {
        long v = parseLong(flag, value);
        if (v <= 0 || v > Integer.MAX_VALUE) {
            throw new UsageException(flag + " must be a positive integer, but was `" + value + "`");
        }
        return (int) v;
    }
}
