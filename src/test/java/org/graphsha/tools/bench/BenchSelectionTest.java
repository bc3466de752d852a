package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** {@code bench --candidateMethods}: a choice among candidates in place of {@code --method}. */
class BenchSelectionTest {

    private static int run(String line, StringBuilder output) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = BenchCommand.run(line.trim().split("\\s+"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        output.append(bytes.toString(StandardCharsets.UTF_8));
        return code;
    }

    /** The output of a three-epoch selection run on a small user graph, which must succeed. */
    private static String selection(String scoringFlags) {
        StringBuilder out = new StringBuilder();
        int code = run("bench --dataset usergraph --setting holdout --backbone gcn --candidateMethods vanilla,reweight "
            + scoringFlags + " --runs 1 --epochs 3 --user-nodes 1000 --user-rarest-labels 6", out);
        assertEquals(0, code, out.toString());
        return out.toString();
    }

    @Test
    void printsTheChosenMethodAndEveryCandidatesFoldScores() {
        String text = selection("--validationFolds 2");
        assertTrue(text.contains("run 1 seed 100: chose "), text);
        assertTrue(text.contains("fold bAcc vanilla ") && text.contains(", reweight "), text);
        assertTrue(text.contains("usergraph-holdout gcn cv:vanilla,reweight: 1 runs"), text);
        assertTrue(text.contains("chosen per seed: "), text);
    }

    @Test
    void printsEveryCandidatesValidationScoreWhenScoredOnTheValidationNodes() {
        String text = selection("--candidateScoring validation");
        assertTrue(text.contains("validation bAcc vanilla ") && text.contains(", reweight "), text);
        assertTrue(text.contains("chosen per seed: "), text);
    }

    @Test
    void aCandidateMayCarryKeysOfItsOwn() {
        StringBuilder out = new StringBuilder();
        int code = run("bench --dataset usergraph --setting holdout --backbone gcn --candidateMethods "
            + "vanilla,vanilla:hiddenSize=16:learningRate=0.05 --candidateScoring validation --runs 1 --epochs 3 "
            + "--user-nodes 1000 --user-rarest-labels 6", out);
        assertEquals(0, code, out.toString());
        assertTrue(out.toString().contains("cv:vanilla,vanilla {hiddenSize: 16, learningRate: 0.05}"), out.toString());
        StringBuilder bad = new StringBuilder();
        assertEquals(2, run("bench --dataset cora --setting lt --candidateMethods tam,vanilla:hiddenSize", bad));
        assertTrue(bad.toString().contains("needs KEY=VALUE after each ':'"), bad.toString());
    }

    @Test
    void refusesMethodBesideCandidates() {
        StringBuilder out = new StringBuilder();
        assertEquals(2, run("bench --dataset cora --setting lt --backbone gcn --method tam --candidateMethods tam,vanilla",
            out));
        assertTrue(out.toString().contains("`method`") && out.toString().contains("`candidateMethods`"), out.toString());
    }
}
