package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.graphsha.config.TrainConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BenchCommandTest {

    private static String[] args(String line) {
        return line.trim().split("\\s+");
    }

    private static int run(String line, StringBuilder output) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = BenchCommand.run(args(line), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        output.append(bytes.toString(StandardCharsets.UTF_8));
        return code;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--dataset nope --setting lt --backbone gcn --method vanilla | --dataset | nope",
        "--dataset cora --setting sideways --backbone gcn --method vanilla | --setting | sideways",
        "--dataset cora --setting lt --backbone mlp --method vanilla | --backbone | mlp",
        "--dataset cora --setting lt --backbone gcn --method magic | --method | magic",
        "--dataset cora --setting lt --backbone gcn --method vanilla --runs zero | --runs | zero",
        "--dataset cora --setting lt --backbone gcn --method vanilla --epochs -3 | --epochs | -3",
        "--dataset cora --setting lt --backbone gcn --method vanilla --format xml | --format | xml",
        "--dataset cora --setting lt --backbone gcn --method vanilla --colour red | --colour | --colour",
        "--setting lt --backbone gcn --method vanilla | --dataset | missing",
        "--dataset cora --setting lt --backbone gcn --method vanilla --lt-ties random | --lt-ties | random",
        "--dataset generated --setting lt --backbone gcn --method vanilla | --setting time | lt",
        "--dataset cora --setting time --backbone gcn --method vanilla | --setting time | cora",
        "--dataset usergraph --setting lt --backbone gcn --method vanilla | --setting holdout | lt",
        "--dataset cora --setting lt --backbone gcn --method vanilla --user-nodes 900 | --user-nodes | usergraph",
        "--dataset usergraph --setting holdout --backbone gcn --method vanilla --user-colour red | --user-colour | known flags",
        "--dataset cora --setting lt --method vanilla --runs 3 --average-seeds 2 | --average-seeds 2 | --runs 3",
        "--dataset cora --setting lt --method vanilla --runs 3 --average-seeds 1 | --average-seeds 1 | multiple",
        "--dataset cora --setting lt --method vanilla --decision-rules targetPrecision | --decision-rules | targetPrecision:TARGET",
        "--dataset cora --setting lt --method vanilla --decision-rules macroF1:0.5 | --decision-rules | macroF1:0.5",
        "--dataset cora --setting lt --method vanilla --label-spreading 0.8 | --label-spreading | 0.8",
    })
    void badFlagsExitWithTwoAndNameFlagAndValue(String line, String flag, String value) {
        StringBuilder out = new StringBuilder();
        assertEquals(2, run(line, out));
        assertTrue(out.toString().contains(flag), out.toString());
        assertTrue(out.toString().contains(value), out.toString());
    }

    @Test
    void withoutMethodOrBackboneTheBenchRunsTheProceduresDefault() {
        BenchOptions bench = BenchOptions.parse(args("--dataset cora --setting lt"));
        TrainConfig procedure = TrainConfig.of("bench", Map.of("modelName", "bench", "device", "cpu"));
        assertEquals(procedure.run().method(), bench.train().run().method());
        assertEquals(procedure.run().training(), bench.train().run().training());
        assertEquals(procedure.run().synthesis(), bench.train().run().synthesis());
        assertEquals("graphsha", bench.methodName());
    }

    @Test
    void theUserGraphIsScoredOnItsUnlabeledNodesWithAHoldoutPerSeed() {
        StringBuilder out = new StringBuilder();
        int code = run("bench --dataset usergraph --setting holdout --backbone gcn --method vanilla --runs 2 --epochs 3"
            + " --user-nodes 1000 --user-rarest-labels 6", out);
        assertEquals(0, code, out.toString());
        assertTrue(out.toString().contains("mule 6/"), out.toString());
        // The generator's measurements are not bag-of-words, so the default normalization gives standard scores.
        assertTrue(out.toString().contains("features (standardize): 1000 x "), out.toString());
        assertTrue(out.toString().contains("usergraph-holdout gcn vanilla: 2 runs"), out.toString());
    }

    /** The binary fraud shape, with every rule fitted to the same runs beside the runs' own figures. */
    @Test
    void theFraudShapeComparesDecisionRulesOnTheSameRuns() {
        StringBuilder out = new StringBuilder();
        int code = run("bench --dataset usergraph --setting holdout --backbone gcn --method vanilla --runs 2 --epochs 3"
            + " --user-shape fraud --user-nodes 1000 --user-positive-rate 0.03 --user-rarest-labels 10"
            + " --decision-rules balanced,prior,macroF1,targetPrecision:0.5,targetRecall:0.9"
            + " --label-spreading 0.8:0.25,0.5:1", out);
        assertEquals(0, code, out.toString());
        String text = out.toString();
        assertTrue(text.contains("labeled/all per class: normal 323/970, positive 10/30"), text);
        assertTrue(text.contains("decision rules fitted to the same 2 runs"), text);
        for (String rule : new String[] {"balanced ", "prior ", "macroF1 ", "targetPrecision:0.5 ", "targetRecall:0.9 ",
            "test oracle, bAcc kept ", "test oracle, best F1 ", "model alone ", "spread a0.8 w0.25 ",
            "spread a0.5 w1 "}) {
            assertTrue(text.contains("\n" + rule), rule + " missing in " + text);
        }
        // The model alone is the balanced rule's argmax and ranking: the same bAcc, F1 and PR-AUC columns.
        String[] balanced = row(text, "balanced ");
        String[] alone = row(text, "model alone ");
        for (int column : new int[] {0, 1, 5}) {
            assertEquals(balanced[column], alone[column], text);
        }
    }

    /** The mean ± std cells of the table row that starts with {@code label}. */
    private static String[] row(String text, String label) {
        String line = text.substring(text.indexOf("\n" + label) + 1).lines().findFirst().orElseThrow();
        Matcher cell = Pattern.compile("(-?[0-9.]+|NaN) ± +(-?[0-9.]+|NaN)").matcher(line);
        return cell.results().map(m -> m.group()).toArray(String[]::new);
    }

    @Test
    void jsonHasTheDocumentedKeys() {
        StringBuilder out = new StringBuilder();
        int code = run("bench --dataset cora --setting lt --backbone gcn --method reweight --runs 2 --epochs 3 --format json", out);
        assertEquals(0, code, out.toString());
        String json = out.toString().trim();
        assertTrue(json.startsWith("{") && json.endsWith("}"), json);
        for (String key : new String[] {"dataset", "setting", "backbone", "method", "runs", "acc", "bacc", "f1",
            "perClassAccuracy", "msPerEpoch", "secondsPerRun", "peakRssMb"}) {
            assertTrue(json.contains("\"" + key + "\":"), key + " missing in " + json);
        }
        assertTrue(json.contains("\"acc\":{\"mean\":"), json);
        assertTrue(json.contains("\"std\":"), json);
    }

    @Test
    void aPaperCellAppliesTheFeatureNormalizationItIsGiven() {
        String cell = "bench --dataset cora --setting lt --backbone gcn --method vanilla --runs 1 --epochs 3";
        String auto = runLine(cell);
        String rowSum = runLine(cell + " --featureNormalization rowSum");
        String none = runLine(cell + " --featureNormalization none");
        assertTrue(none.contains("features (none), as --featureNormalization asks"), none);
        assertFalse(auto.contains("features ("), auto);
        // Cora's auto form is the row sums themselves; the raw values train another model.
        assertEquals(logits(auto), logits(rowSum));
        assertNotEquals(logits(auto), logits(none));
    }

    private static String runLine(String line) {
        StringBuilder out = new StringBuilder();
        assertEquals(0, run(line, out), out.toString());
        return out.toString();
    }

    private static String logits(String report) {
        Matcher hash = Pattern.compile("logits ([0-9a-f]{8})").matcher(report);
        assertTrue(hash.find(), report);
        return hash.group(1);
    }

    @Test
    void shuffledTieOrderIsNamedInTheReport() {
        StringBuilder out = new StringBuilder();
        int code = run("bench --dataset citeseer --setting lt --backbone gcn --method vanilla --runs 1 --epochs 2"
            + " --lt-ties shuffled:2", out);
        assertEquals(0, code, out.toString());
        assertTrue(out.toString().contains("LT ties shuffled:2"), out.toString());
    }
}
