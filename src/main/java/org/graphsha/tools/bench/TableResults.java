package org.graphsha.tools.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

/**
 * The raw results of a table, one JSON file next to the Markdown: per cell its configuration, the
 * training class sizes and every finished run (metrics, per-class accuracy, test confusion counts,
 * ms/epoch). Each run is saved the moment it finishes (write to a temporary file, then an atomic
 * move), so an interrupted table loses at most the run in progress; a rerun skips the seeds it finds.
 *
 * <p>Several processes may fill one file, each with its own cells or seeds.
 * A save holds an exclusive lock on a hidden sibling file and first reloads what the others saved,
 * so no process overwrites another's runs.
 */
final class TableResults {

    /** One finished run; metrics in percent, {@code confusion[truth][predicted]} over the test nodes. */
    record Run(long seed, double acc, double bacc, double f1, Double[] perClassAccuracy, int[][] confusion,
               int bestEpoch, double msPerEpoch, double seconds, String device, String finishedAt) {}

    /**
     * A table cell: one backbone, method, dataset and imbalance ratio. {@code config} is the cell's
     * effective training configuration as text, so a rerun with other settings is recognised.
     */
    record Cell(String backbone, String method, String dataset, double ratio, Map<String, String> config,
                int[] trainCounts, List<Run> runs) {

        boolean is(String b, String m, String d, double r) {
            return backbone.equals(b) && method.equals(m) && dataset.equals(d) && ratio == r;
        }

        /** The runs with seeds seed..seed+count-1 that have finished, in seed order. */
        List<Run> runsFor(long seed, int count) {
            return runs.stream().filter(r -> r.seed() >= seed && r.seed() < seed + count)
                .sorted(Comparator.comparingLong(Run::seed)).toList();
        }
    }

    private record FileContent(int version, List<Cell> cells) {}

    private static final int VERSION = 1;
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private final Path file;
    private final List<Cell> cells;

    private TableResults(Path file, List<Cell> cells) {
        this.file = file;
        this.cells = cells;
    }

    /** Reads the file when it exists, else starts empty. */
    static TableResults open(Path file) {
        return new TableResults(file, read(file));
    }

    private static List<Cell> read(Path file) {
        List<Cell> cells = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return cells;
        }
        try {
            FileContent content = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), FileContent.class);
            if (content == null || content.version() != VERSION || content.cells() == null) {
                throw new IllegalStateException(file + " is not a results file of this version (" + VERSION
                    + "); move it away or pick another --out-dir");
            }
            for (Cell c : content.cells()) {
                cells.add(new Cell(c.backbone(), c.method(), c.dataset(), c.ratio(), c.config(), c.trainCounts(),
                    new ArrayList<>(c.runs())));
            }
            return cells;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JsonParseException e) {
            throw new IllegalStateException(file + " is not valid JSON (" + e.getMessage()
                + "); move it away or pick another --out-dir", e);
        }
    }

    Path file() {
        return file;
    }

    List<Cell> cells() {
        return List.copyOf(cells);
    }

    Optional<Cell> find(String backbone, String method, String dataset, double ratio) {
        return cells.stream().filter(c -> c.is(backbone, method, dataset, ratio)).findFirst();
    }

    /**
     * Fails when the stored cell was computed with another configuration: its runs must not be mixed
     * with new ones. The message names the keys that differ. Keys only one side knows are not
     * compared: a key added by a later version of the code took its default before it existed.
     */
    void requireSameConfig(String backbone, String method, String dataset, double ratio, Map<String, String> config) {
        find(backbone, method, dataset, ratio).ifPresent(c -> {
            List<String> differences = new ArrayList<>();
            for (String key : new TreeMap<>(c.config()).keySet()) {
                if (config.containsKey(key) && !Objects.equals(c.config().get(key), config.get(key))) {
                    differences.add(key + " stored " + c.config().get(key) + ", now " + config.get(key));
                }
            }
            if (!differences.isEmpty()) {
                throw new IllegalStateException("cell " + backbone + "/" + method + "/" + dataset + " in " + file
                    + " was run with another configuration (" + String.join("; ", differences) + "); its runs are not "
                    + "mixed with new ones: pick another --out-dir or delete the file");
            }
        });
    }

    /**
     * Adds a finished run to its cell (created on first use) and saves the file at once, after taking in
     * the runs other processes have saved since this one last read it.
     */
    void add(String backbone, String method, String dataset, double ratio, Map<String, String> config,
             int[] trainCounts, Run run) {
        Path lockFile = file.toAbsolutePath().resolveSibling("." + file.getFileName() + ".lock");
        try {
            Files.createDirectories(lockFile.getParent());
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                cells.clear();
                cells.addAll(read(file));
                requireSameConfig(backbone, method, dataset, ratio, config);
                Cell cell = find(backbone, method, dataset, ratio).orElseGet(() -> {
                    Cell created = new Cell(backbone, method, dataset, ratio, Map.copyOf(config), trainCounts,
                        new ArrayList<>());
                    cells.add(created);
                    return created;
                });
                cell.runs().removeIf(r -> r.seed() == run.seed());
                cell.runs().add(run);
                save();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + lockFile, e);
        }
    }

    /** One cell per line, so the file diffs and greps well. */
    private void save() {
        StringBuilder b = new StringBuilder("{\"version\":").append(VERSION).append(",\"cells\":[\n");
        for (int i = 0; i < cells.size(); i++) {
            b.append(GSON.toJson(cells.get(i))).append(i + 1 < cells.size() ? ",\n" : "\n");
        }
        b.append("]}\n");
        try {
            replace(file, b);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save " + file, e);
        }
    }

    /**
     * Writes {@code text} to a temporary sibling, then moves it over {@code file} in one step. The
     * sibling is named after this process (not {@code createTempFile}, whose files only the owner may read).
     */
    static void replace(Path file, CharSequence text) throws IOException {
        Path absolute = file.toAbsolutePath();
        Files.createDirectories(absolute.getParent());
        String name = "." + absolute.getFileName() + "." + ProcessHandle.current().pid() + ".tmp";
        Path temporary = absolute.resolveSibling(name);
        try {
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            // Gone after a successful move; after a failed write it would otherwise stay behind.
            Files.deleteIfExists(temporary);
        }
    }
}
