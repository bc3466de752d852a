package org.graphsha.bench;

import java.nio.file.Path;
import java.util.List;

import org.graphsha.config.ConfigReader;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.KnownDataset;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.Engines.DeviceChoice;
import org.graphsha.training.Method;

/** Parsed {@code bench} flags; a bad flag raises {@link UsageException} naming the flag and value. */
record BenchOptions(KnownDataset dataset, boolean longTailed, BackboneKind backbone, Method method, int runs,
                    long seed, int epochs, boolean json, Path out, Path datasets, DeviceChoice device, int threads,
                    GcnNormalization gcnNorm, int heads, TrainConfig train) {

    /** The method's user-facing name: a loss-based method, or graphsha (plain cross-entropy plus synthesis). */
    String methodName() {
        return train.method().augments() ? ConfigReader.choiceName(train.method()) : method.id();
    }

    static final String USAGE = "usage: bench --dataset cora|citeseer|photo|computers|cs --setting lt|step"
        + " --backbone gcn|gat|sage --method graphsha|upsample|vanilla|reweight|pcSoftmax|cbLoss|focal|reNode [--runs 10]"
        + " [--seed 100] [--epochs 900] [--format table|json] [--out FILE] [--datasets DIR]"
        + " [--device auto|cpu|gpu] [--threads N] [--gcn-norm mean|symmetric] [--heads 4]"
        + " [--KEY VALUE ...: any graphsha.train configuration key, e.g. --syntheticEdges bidirectional"
        + " --diffusion heat --ablation easySamples --deltaBetaB 50]";

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
        String epochs = "900";
        String format = "table";
        String out = null;
        String datasets = null;
        String device = "cpu";
        String threads = "0";
        String gcnNorm = "mean";
        String heads = "4";
        java.util.Map<String, Object> trainKeys = new java.util.LinkedHashMap<>();
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
                case "--runs" -> runs = value;
                case "--seed" -> seed = value;
                case "--epochs" -> epochs = value;
                case "--format" -> format = value;
                case "--out" -> out = value;
                case "--datasets" -> datasets = value;
                case "--device" -> device = value;
                case "--threads" -> threads = value;
                case "--gcn-norm" -> gcnNorm = value;
                case "--heads" -> heads = value;
                default -> trainKeys.put(flag.substring(2), typed(value));
            }
        }
        String datasetName = required("--dataset", dataset);
        KnownDataset d = KnownDataset.find(datasetName)
            .orElseThrow(() -> new UsageException("--dataset must be cora, citeseer, photo, computers or cs, but was `"
                + datasetName + "`"));
        boolean lt = switch (required("--setting", setting).toLowerCase()) {
            case "lt" -> true;
            case "step", "st" -> false;
            default -> throw new UsageException("--setting must be lt or step, but was `" + setting + "`");
        };
        BackboneKind b = parseWith("--backbone", required("--backbone", backbone), BackboneKind::parse);
        // GraphSHA and Upsample add nodes on top of plain cross-entropy; the train config knows them.
        boolean augmenting = List.of("graphsha", "upsample").contains(required("--method", method).toLowerCase());
        Method m = augmenting ? Method.VANILLA : parseWith("--method", method, Method::parse);
        int r = positive("--runs", runs);
        long s = parseLong("--seed", seed);
        int e = positive("--epochs", epochs);
        boolean json = switch (format) {
            case "table" -> false;
            case "json" -> true;
            default -> throw new UsageException("--format must be table or json, but was `" + format + "`");
        };
        DeviceChoice dev = parseWith("--device", device, DeviceChoice::parse);
        int t = (int) parseLong("--threads", threads);
        if (t < 0) {
            throw new UsageException("--threads must be >= 0, but was `" + threads + "`");
        }
        Path dir = datasets != null ? Path.of(datasets) : BenchDatasets.defaultDir();
        GcnNormalization norm = parseWith("--gcn-norm", gcnNorm, GcnNormalization::parse);
        int h = positive("--heads", heads);
        if (64 % h != 0) {
            throw new UsageException("--heads must divide the 64 hidden units, but was `" + heads + "`");
        }
        TrainConfig train = trainConfig(trainKeys, augmenting ? method : m.id(), b, e, norm, h, dev);
        return new BenchOptions(d, lt, b, m, r, s, e, json, out == null ? null : Path.of(out), dir, dev, t, norm, h,
            train);
    }

    /**
     * The remaining flags are graphsha.train configuration keys: validating them with the procedure's own
     * config gives the bench every synthesis, diffusion and loss option with the same names and defaults.
     */
    private static TrainConfig trainConfig(java.util.Map<String, Object> keys, String method, BackboneKind backbone,
                                           int epochs, GcnNormalization norm, int heads, DeviceChoice device) {
        java.util.Map<String, Object> map = new java.util.LinkedHashMap<>(keys);
        map.put("modelName", "bench");
        map.put("method", method);
        map.put("backbone", backbone.id());
        map.put("epochs", (long) epochs);
        map.put("gcnNormalization", norm.id());
        map.put("heads", (long) heads);
        map.put("device", device.name());
        try {
            return TrainConfig.of("bench", map);
        } catch (IllegalArgumentException ex) {
            throw new UsageException(ex.getMessage().replace("configuration key `", "flag `--"));
        }
    }

    private static Object typed(String value) {
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException notLong) {
            try {
                return Double.parseDouble(value);
            } catch (NumberFormatException notNumber) {
                return value;
            }
        }
    }

    private static String required(String flag, String value) {
        if (value == null) {
            throw new UsageException("missing required flag " + flag);
        }
        return value;
    }

    private static <T> T parseWith(String flag, String value, java.util.function.Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException ex) {
            throw new UsageException(flag + ": " + ex.getMessage());
        }
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
