package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** End to end on a tiny table: Cora-LT, GCN, two methods, 2 runs of 3 epochs. */
class TableCommandTest {

    private static final String TABLE = "--table lt --table-datasets cora --backbones gcn --methods vanilla,reweight"
        + " --epochs 3 --runs 2 --out-dir ";
    private static final int[] CORA_LT_TRAIN = {34, 7, 158, 341, 73, 15, 3};

    @TempDir
    static Path shared;
    private static String firstOutput;

    @BeforeAll
    static void runTinyTable() {
        StringBuilder out = new StringBuilder();
        assertEquals(0, run(TABLE + shared, out), out.toString());
        firstOutput = out.toString();
    }

    static int run(String line, StringBuilder output) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = BenchCommand.run(line.trim().split("\\s+"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        output.append(bytes.toString(StandardCharsets.UTF_8));
        return code;
    }

    @Test
    void writesTableJsonAndPlots() {
        assertTrue(firstOutput.contains("0 of 4 runs already saved"), firstOutput);
        for (String file : List.of("lt.md", "lt.json", "lt-per-class-accuracy-cora-gcn.svg", "lt-misclassified-cora-gcn.svg")) {
            assertTrue(Files.isRegularFile(shared.resolve(file)), file + " missing");
        }
    }

    @Test
    void jsonHoldsEveryRunWithTheCountsThePlotsNeed() throws IOException {
        TableResults results = TableResults.open(shared.resolve("lt.json"));
        assertEquals(2, results.cells().size());
        for (TableResults.Cell cell : results.cells()) {
            assertArrayEquals(CORA_LT_TRAIN, cell.trainCounts());
            assertEquals("3", cell.config().get("epochs"));
            assertEquals(List.of(100L, 101L), cell.runs().stream().map(TableResults.Run::seed).sorted().toList());
            for (TableResults.Run r : cell.runs()) {
                assertEquals(7, r.perClassAccuracy().length);
                int total = Arrays.stream(r.confusion()).flatMapToInt(Arrays::stream).sum();
                assertEquals(1000, total, "Cora's test split has 1,000 nodes");
                int correct = 0;
                for (int k = 0; k < 7; k++) {
                    correct += r.confusion()[k][k];
                }
                assertEquals(r.acc(), correct / 10.0, 1e-9, "accuracy agrees with the confusion counts");
                assertTrue(r.msPerEpoch() > 0 && r.seconds() > 0);
                assertTrue(r.bestEpoch() >= 0 && r.bestEpoch() < 3);
            }
        }
    }

    @Test
    void boldAndUnderlineFollowTheMeansInTheJson() throws IOException {
        TableResults results = TableResults.open(shared.resolve("lt.json"));
        List<String> rows = Files.readAllLines(shared.resolve("lt.md")).stream()
            .filter(l -> l.startsWith("| GCN |")).toList();
        assertEquals(4, rows.size(), "two method rows in the metrics table and two in the ms/epoch table");
        Map<String, String[]> cells = new TreeMap<>();
        cells.put("vanilla", cellsOf(rows.get(0)));
        cells.put("reweight", cellsOf(rows.get(1)));
        assertTrue(rows.get(0).contains("| Vanilla |") && rows.get(1).contains("| Reweight |"));
        for (int metric = 0; metric < 3; metric++) {
            Map<String, Long> hundredths = new TreeMap<>();
            for (String method : cells.keySet()) {
                int m = metric;
                double mean = results.find("gcn", method, "cora", 100).orElseThrow().runs().stream()
                    .mapToDouble(r -> m == 0 ? r.acc() : m == 1 ? r.bacc() : r.f1()).average().orElseThrow();
                hundredths.put(method, Math.round(mean * 100));
                assertTrue(cells.get(method)[metric].contains(String.format(Locale.ROOT, "%.2f ±", mean)),
                    cells.get(method)[metric]);
            }
            long best = hundredths.values().stream().mapToLong(Long::longValue).max().orElseThrow();
            for (String method : cells.keySet()) {
                String text = cells.get(method)[metric];
                boolean isBest = hundredths.get(method) == best;
                assertEquals(isBest, text.startsWith("**"), method + " metric " + metric + ": " + text);
                assertEquals(!isBest, text.startsWith("<u>"), method + " metric " + metric + ": " + text);
            }
        }
        assertTrue(cells.get("vanilla")[0].endsWith("(72.02)"), "paper value beside ours: " + cells.get("vanilla")[0]);
        assertTrue(cells.get("reweight")[2].endsWith("(73.75)"), cells.get("reweight")[2]);
    }

    private static String[] cellsOf(String row) {
        String[] parts = row.split("\\|");
        return Arrays.stream(parts, 3, parts.length).map(String::trim).toArray(String[]::new);
    }

    @Test
    void resumesWithoutRecomputingFinishedRuns(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("lt.json");
        Files.copy(shared.resolve("lt.json"), json);
        // An interruption after three of the four runs: drop reweight's seed 101.
        JsonObject root = JsonParser.parseString(Files.readString(json)).getAsJsonObject();
        Map<String, String> finishedAt = new TreeMap<>();
        for (var element : root.getAsJsonArray("cells")) {
            JsonObject cell = element.getAsJsonObject();
            JsonArray runs = cell.getAsJsonArray("runs");
            for (int i = runs.size() - 1; i >= 0; i--) {
                JsonObject r = runs.get(i).getAsJsonObject();
                String key = cell.get("method").getAsString() + "/" + r.get("seed").getAsLong();
                if (key.equals("reweight/101")) {
                    runs.remove(i);
                } else {
                    finishedAt.put(key, r.get("finishedAt").getAsString());
                }
            }
        }
        Files.writeString(json, root.toString());
        StringBuilder out = new StringBuilder();
        assertEquals(0, run(TABLE + dir, out), out.toString());
        assertTrue(out.toString().contains("3 of 4 runs already saved"), out.toString());
        assertTrue(out.toString().contains("1 to do"), out.toString());
        assertEquals(1, out.toString().lines().filter(l -> l.contains(": acc ")).count(), out.toString());
        TableResults after = TableResults.open(json);
        Map<String, String> afterFinished = new TreeMap<>();
        for (TableResults.Cell c : after.cells()) {
            for (TableResults.Run r : c.runs()) {
                afterFinished.put(c.method() + "/" + r.seed(), r.finishedAt());
            }
        }
        assertEquals(4, afterFinished.size());
        finishedAt.forEach((key, time) -> assertEquals(time, afterFinished.get(key), key + " was recomputed"));
        assertTrue(Files.readString(dir.resolve("lt.md")).contains("All cells have all their runs."));

        StringBuilder again = new StringBuilder();
        assertEquals(0, run(TABLE + dir, again), again.toString());
        assertTrue(again.toString().contains("4 of 4 runs already saved"), again.toString());
    }

    @Test
    void aTableFinishedPiecewiseRendersEveryMethodInTheFile(@TempDir Path dir) throws IOException {
        Files.copy(shared.resolve("lt.json"), dir.resolve("lt.json"));
        StringBuilder out = new StringBuilder();
        assertEquals(0, run(TABLE.replace("vanilla,reweight", "vanilla") + dir, out), out.toString());
        assertTrue(out.toString().contains("2 of 2 runs already saved") && out.toString().contains("0 to do"),
            out.toString());
        String markdown = Files.readString(dir.resolve("lt.md"));
        assertTrue(markdown.contains("| GCN | Vanilla |") && markdown.contains("| GCN | Reweight |"), markdown);
    }

    @Test
    void aChangedConfigurationIsNotMixedIn(@TempDir Path dir) throws IOException {
        Files.copy(shared.resolve("lt.json"), dir.resolve("lt.json"));
        String before = Files.readString(dir.resolve("lt.json"));
        StringBuilder out = new StringBuilder();
        assertEquals(1, run(TABLE.replace("--epochs 3", "--epochs 4") + dir, out), out.toString());
        assertTrue(out.toString().contains("epochs stored 3, now 4"), out.toString());
        assertEquals(before, Files.readString(dir.resolve("lt.json")), "nothing written");
    }

    @Test
    void plotsAreWellFormedSvgWithTitlesAndSeries() throws Exception {
        Document perClass = parse(shared.resolve("lt-per-class-accuracy-cora-gcn.svg"));
        assertEquals("Per-class test accuracy, Cora-LT, GCN", title(perClass));
        assertEquals(List.of("Vanilla", "Reweight"), seriesNames(perClass));
        List<String> classes = categories(perClass);
        assertEquals(7, classes.size());
        assertEquals("class 6 0.5%", classes.get(0), "classes ordered from the rarest, labelled with their share");
        assertEquals("class 3 54.0%", classes.get(6));
        assertTrue(texts(perClass).contains("test accuracy (%)"));

        Document squeezed = parse(shared.resolve("lt-misclassified-cora-gcn.svg"));
        assertTrue(title(squeezed).startsWith("Misclassified test nodes"), title(squeezed));
        assertEquals(List.of(TablePlots.MINOR, TablePlots.MAJOR), seriesNames(squeezed));
        assertEquals(2, legend(squeezed).getElementsByTagName("rect").getLength(), "one legend swatch per series");
        assertEquals(List.of("Vanilla", "Reweight"), categories(squeezed));
    }

    private static Document parse(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(file.toFile());
    }

    private static String title(Document svg) {
        return svg.getDocumentElement().getElementsByTagName("title").item(0).getTextContent();
    }

    private static List<String> seriesNames(Document svg) {
        List<String> names = new ArrayList<>();
        NodeList groups = svg.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getAttribute("class").equals("series")) {
                names.add(g.getAttribute("data-name"));
            }
        }
        return names;
    }

    /** Category labels on the x axis, their lines joined by spaces. */
    private static List<String> categories(Document svg) {
        List<String> out = new ArrayList<>();
        NodeList nodes = svg.getElementsByTagName("text");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element text = (Element) nodes.item(i);
            if (text.getAttribute("class").equals("category")) {
                NodeList lines = text.getElementsByTagName("tspan");
                List<String> parts = new ArrayList<>();
                for (int k = 0; k < lines.getLength(); k++) {
                    parts.add(lines.item(k).getTextContent());
                }
                out.add(String.join(" ", parts));
            }
        }
        return out;
    }

    private static Element legend(Document svg) {
        NodeList groups = svg.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getAttribute("class").equals("legend")) {
                return g;
            }
        }
        throw new AssertionError("no legend group");
    }

    private static List<String> texts(Document svg) {
        NodeList nodes = svg.getElementsByTagName("text");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(nodes.item(i).getTextContent());
        }
        return out;
    }

    @Test
    void rhoSweepRunsTheSplitAtEachRatioAndSkipsMissingMethods(@TempDir Path dir) throws Exception {
        StringBuilder out = new StringBuilder();
        assertEquals(0, run("--rho-sweep 5,100 --epochs 2 --runs 1 --out-dir " + dir, out), out.toString());
        String text = out.toString();
        for (String method : TableOptions.SWEEP_METHODS) {
            assertEquals(!BenchMethods.known(method), text.contains("skipping method " + method), text);
        }
        TableResults results = TableResults.open(dir.resolve("rho-sweep.json"));
        int[] atFive = results.find("gcn", "vanilla", "cora", 5).orElseThrow().trainCounts();
        assertArrayEquals(CORA_LT_TRAIN, results.find("gcn", "vanilla", "cora", 100).orElseThrow().trainCounts());
        assertNotEquals(Arrays.toString(CORA_LT_TRAIN), Arrays.toString(atFive));
        assertEquals(341 / 5, Arrays.stream(atFive).min().orElseThrow(), "ρ = 5: the rarest class keeps 1/5 of the largest");
        Document svg = parse(dir.resolve("rho-sweep-f1-cora-gcn.svg"));
        assertEquals("Test macro-F1 against the imbalance ratio, Cora-LT, GCN", title(svg));
        List<String> expected = TableOptions.SWEEP_METHODS.stream().filter(BenchMethods::known)
            .map(m -> PaperValues.get().label(m)).collect(Collectors.toList());
        assertEquals(expected, seriesNames(svg));
        assertTrue(Files.readString(dir.resolve("rho-sweep.md")).contains("| ρ = 5 | ρ = 100 |"));
    }

    @Test
    void absentDatasetIsSkippedWithAMessage(@TempDir Path dir) {
        StringBuilder out = new StringBuilder();
        assertEquals(0, run("--table step --table-datasets photo --backbones sage --methods vanilla --runs 1 --datasets "
            + dir.resolve("nowhere") + " --out-dir " + dir, out), out.toString());
        assertTrue(out.toString().contains("skipping dataset photo: its files are not under"), out.toString());
        assertTrue(out.toString().contains("0 cells"), out.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--table sideways | --table | sideways",
        "--table lt --methods vanilla,magic | --methods | magic",
        "--table lt --backbones gcn,mlp | --backbones | mlp",
        "--rho-sweep 5,0.5 | --rho-sweep | 0.5",
        "--table lt --runs none | --runs | none",
        "--table lt --dataset cora | --dataset | --table-datasets",
        "--table lt --epochs -1 | --epochs | -1",
    })
    void badFlagsExitWithTwoAndNameFlagAndValue(String line, String flag, String value) {
        StringBuilder out = new StringBuilder();
        assertEquals(2, run(line, out));
        assertTrue(out.toString().contains(flag) && out.toString().contains(value), out.toString());
        assertFalse(out.toString().contains("to do"), "no work starts on a bad flag");
    }
}
