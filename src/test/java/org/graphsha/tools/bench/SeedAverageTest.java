package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.graphsha.evaluation.Evaluation;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.training.CoraLt;
import org.graphsha.training.TrainingResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SeedAverageTest {

    private static TrainingResult train(GraphSnapshot cora, String method, long seed) {
        BenchOptions o = BenchOptions.parse(("--dataset cora --setting lt --backbone gcn --method " + method
            + " --epochs 4").split(" "));
        return new BenchRunner(cora, o.train(), null, 1).run(seed, report -> { });
    }

    /** A block of one run predicts what that run predicts: same test nodes, labels and (PC Softmax) correction. */
    @ParameterizedTest
    @ValueSource(strings = {"vanilla", "pcSoftmax"})
    void aBlockOfOneRunScoresLikeTheRun(String method) {
        GraphSnapshot cora = CoraLt.snapshot();
        TrainingResult run = train(cora, method, 100);
        Evaluation alone = SeedAverage.blocks(List.of(run), List.of(cora), 1, method.equals("pcSoftmax")).get(0);
        assertArrayEquals(run.test().confusion(), alone.confusion());
    }

    @Test
    void theBenchPrintsOneLinePerBlockAndTheirSpread() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = BenchCommand.run(("--dataset usergraph --setting holdout --backbone gcn --method vanilla --epochs 3"
            + " --user-nodes 1000 --user-rarest-labels 6 --average-seeds 3 --runs 3").split(" "),
            new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, out);
        assertTrue(out.contains("seed average 1 (seeds 100-102): acc "), out);
        assertTrue(out.contains("seed averages of 3 runs: bAcc "), out);
    }
}
