package org.graphsha.tools.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graphsha.tools.generate.Flags;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.KnownDataset;

/**
 * Flags of {@code bench --table lt|step} and {@code bench --rho-sweep 5,10,...}; a bad flag raises
 * {@link BenchOptions.UsageException} naming the flag and value. Flags the table does not own are
 * graphsha.train keys (e.g. {@code --epochs 3}), validated by the same configuration as single cells.
 *
 * @param ratios       imbalance ratios ρ: the setting's own (100 LT, 20 ST), or the sweep's
 * @param skipped      messages for default methods (the paper's rows) this build does not have
 */
record TableOptions(String setting, boolean sweep, List<Double> ratios, List<String> backbones, List<String> methods,
                    List<KnownDataset> datasets, int runs, long seed, Path outDir, Path datasetsDir, int threads,
                    Map<String, Object> trainKeys, List<String> skipped) {

    static final String USAGE = "usage: bench --table lt|step [--backbones gcn,gat,sage] [--methods m1,m2,...]"
        + " [--runs 10] [--seed 100] [--table-datasets cora,citeseer] [--out-dir docs/benchmarks/tables]"
        + " [--datasets DIR] [--threads N] [--KEY VALUE: graphsha.train keys, e.g. --epochs 900]\n"
        + "       bench --rho-sweep 5,10,20,50,100 [--methods vanilla,reweight,graphEns,tam,graphsha]"
        + " [--backbones gcn] [--table-datasets cora] [other flags as above]\n"
        + "methods: " + String.join(", ", BenchMethods.all());

    /** Figure 5 of the paper: F1 against ρ on Cora-LT with GCN for these methods. */
    static final List<String> SWEEP_METHODS = List.of("vanilla", "reweight", "graphEns", "tam", "graphsha");

    static boolean requested(String[] args) {
        return Arrays.asList(args).contains("--table") || Arrays.asList(args).contains("--rho-sweep");
    }

    /** The stem of every file this invocation writes: {@code lt}, {@code step} or {@code rho-sweep}. */
    String stem() {
        return sweep ? "rho-sweep" : setting;
    }

    boolean longTailed() {
        return setting.equals("lt");
    }

    /** The validated training configuration of one cell. */
    TrainConfig trainConfig(String backbone, String method) {
        Map<String, Object> keys = new LinkedHashMap<>(trainKeys);
        keys.put("backbone", backbone);
        keys.put("method", method);
        keys.putIfAbsent("device", "cpu");
        return BenchOptions.trainConfig(keys);
    }

    static TableOptions parse(String[] args) {
        Map<String, String> own = new LinkedHashMap<>();
        Map<String, Object> trainKeys = new LinkedHashMap<>();
        List<String> ownFlags = List.of("--table", "--rho-sweep", "--backbones", "--methods", "--runs", "--seed",
            "--table-datasets", "--out-dir", "--datasets", "--threads");
        int start = args.length > 0 && args[0].equals("bench") ? 1 : 0;
        for (int i = start; i < args.length; i++) {
            String flag = args[i];
            if (!flag.startsWith("--")) {
                throw new BenchOptions.UsageException("unexpected argument `" + flag + "`; flags start with --");
            }
            if (i + 1 >= args.length) {
                throw new BenchOptions.UsageException("flag " + flag + " needs a value");
            }
            String value = args[++i];
            if (ownFlags.contains(flag)) {
                own.put(flag, value);
            } else if (flag.equals("--gcn-norm")) {
                trainKeys.put("gcnNormalization", value);
            } else if (List.of("--dataset", "--setting", "--backbone", "--method", "--format", "--out").contains(flag)) {
                throw new BenchOptions.UsageException("flag " + flag + " belongs to the single-cell bench; a table takes "
                    + "--table-datasets, --backbones, --methods and --out-dir");
            } else {
                trainKeys.put(flag.substring(2), Flags.typed(value));
            }
        }
        boolean sweep = own.containsKey("--rho-sweep");
        String setting = own.getOrDefault("--table", "lt").toLowerCase(Locale.ROOT);
        if (setting.equals("st")) {
            setting = "step";
        }
        if (!setting.equals("lt") && !setting.equals("step")) {
            throw new BenchOptions.UsageException("--table must be lt or step, but was `" + own.get("--table") + "`");
        }
        if (sweep && !setting.equals("lt")) {
            throw new BenchOptions.UsageException("--rho-sweep varies the long-tailed split; --table must be lt, but was `"
                + own.get("--table") + "`");
        }
        List<Double> ratios = sweep ? ratios(own.get("--rho-sweep"))
            : List.of(setting.equals("lt") ? BenchDatasets.LT_RATIO : BenchDatasets.STEP_RATIO);
        List<String> backbones = list(own.getOrDefault("--backbones", sweep ? "gcn" : "gcn,gat,sage"));
        for (String b : backbones) {
            if (!List.of("gcn", "gat", "sage").contains(b)) {
                throw new BenchOptions.UsageException("--backbones takes gcn, gat and sage, but was `"
                    + own.get("--backbones") + "` (`" + b + "`)");
            }
        }
        List<String> skipped = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        if (own.containsKey("--methods")) {
            for (String m : list(own.get("--methods"))) {
                if (!BenchMethods.known(m)) {
                    throw new BenchOptions.UsageException("--methods: unknown method `" + m + "`; this build has "
                        + String.join(", ", BenchMethods.all()));
                }
                methods.add(m);
            }
        } else {
            // Defaults are the paper's rows; methods it has no row for (tamRenode) are opt-in via --methods.
            for (String m : sweep ? SWEEP_METHODS : PaperValues.get().methods(setting)) {
                if (BenchMethods.known(m)) {
                    methods.add(m);
                } else {
                    skipped.add("skipping method " + m + ": not available in this build (it has "
                        + String.join(", ", BenchMethods.all()) + ")");
                }
            }
        }
        List<KnownDataset> datasets = new ArrayList<>();
        String defaultDatasets = sweep ? "cora" : setting.equals("lt") ? "cora,citeseer" : "photo,computers,cs";
        for (String d : list(own.getOrDefault("--table-datasets", defaultDatasets))) {
            datasets.add(KnownDataset.find(d).orElseThrow(() -> new BenchOptions.UsageException(
                "--table-datasets: unknown dataset `" + d + "`; known: cora, citeseer, pubmed, photo, computers, cs")));
        }
        int runs = positive("--runs", own.getOrDefault("--runs", "10"));
        long seed = integer("--seed", own.getOrDefault("--seed", "100"));
        int threads = (int) integer("--threads", own.getOrDefault("--threads", "0"));
        if (threads < 0) {
            throw new BenchOptions.UsageException("--threads must be >= 0, but was `" + own.get("--threads") + "`");
        }
        Path outDir = Path.of(own.getOrDefault("--out-dir", "docs/benchmarks/tables"));
        Path datasetsDir = own.containsKey("--datasets") ? Path.of(own.get("--datasets")) : BenchDatasets.defaultDir();
        TableOptions options = new TableOptions(setting, sweep, ratios, backbones, List.copyOf(methods),
            List.copyOf(datasets), runs, seed, outDir, datasetsDir, threads, Map.copyOf(trainKeys), List.copyOf(skipped));
        for (String b : backbones) {
            for (String m : methods) {
                options.trainConfig(b, m); // every cell's configuration is checked before the first run
            }
        }
        return options;
    }

    private static List<Double> ratios(String value) {
        List<Double> out = new ArrayList<>();
        for (String part : list(value)) {
            double r;
            try {
                r = Double.parseDouble(part);
            } catch (NumberFormatException e) {
                throw new BenchOptions.UsageException("--rho-sweep takes comma-separated ratios > 1, but was `" + value + "`");
            }
            if (!(r > 1)) {
                throw new BenchOptions.UsageException("--rho-sweep ratios must be > 1, but was `" + value + "`");
            }
            out.add(r);
        }
        return List.copyOf(out);
    }

    private static List<String> list(String value) {
        List<String> out = new ArrayList<>();
        for (String part : value.split(",")) {
            if (!part.isBlank()) {
                out.add(part.trim());
            }
        }
        return out;
    }

    private static long integer(String flag, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new BenchOptions.UsageException(flag + " must be an integer, but was `" + value + "`");
        }
    }

    private static int positive(String flag, String value) {
        long v = integer(flag, value);
        if (v <= 0 || v > Integer.MAX_VALUE) {
            throw new BenchOptions.UsageException(flag + " must be a positive integer, but was `" + value + "`");
        }
        return (int) v;
    }
}
