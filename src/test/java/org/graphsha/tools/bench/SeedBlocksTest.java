package org.graphsha.tools.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.graphsha.graph.GraphSnapshot;
import org.graphsha.method.TrainingPlan;
import org.graphsha.method.selection.CrossValidation;
import org.graphsha.training.CoraLt;
import org.graphsha.training.loop.EpochListener;
import org.graphsha.training.loop.TrainingResult;
import org.junit.jupiter.api.Test;

/**
 * {@code bench --average-seeds K}: each block of K seeds is the ensemble {@code graphsha.train} trains with
 * {@code ensembleSize: K}, through the same training plan.
 */
class SeedBlocksTest {

    private static TrainingPlan plan(String method, int members) {
        BenchOptions o = BenchOptions.parse(("--dataset cora --setting lt --backbone gcn --method " + method
            + " --epochs 4").split(" "));
        return o.train().plan(null).withThreads(1).withEnsembleSize(members);
    }

    /** A block's member m is the run seed + m makes alone, so the bench's per-run lines stay those of single runs. */
    @Test
    void aBlocksMembersAreTheRunsOfTheirSeeds() {
        GraphSnapshot cora = CoraLt.snapshot();
        List<TrainingResult> members = new ArrayList<>();
        TrainingPlan.Trained block = plan("pcSoftmax", 2).train(cora, 100, null, EpochListener.NONE,
            CrossValidation.FoldListener.NONE, (member, seed, run) -> members.add(run.result()));
        assertEquals(2, members.size());
        TrainingResult alone = plan("pcSoftmax", 1).train(cora, 101, null, EpochListener.NONE,
            CrossValidation.FoldListener.NONE, TrainingPlan.MemberListener.NONE).first();
        assertArrayEquals(alone.logits(), members.get(1).logits());
        assertArrayEquals(members.get(0).logits(), block.first().logits());
        assertEquals(List.of(100L, 101L), block.members().stream().map(TrainingPlan.Member::seed).toList());
    }

    @Test
    void theBenchPrintsOneLinePerBlockAndTheirSpread() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = BenchCommand.run(("--dataset usergraph --setting holdout --backbone gcn --method vanilla --epochs 3"
            + " --user-nodes 1000 --user-rarest-labels 6 --average-seeds 3 --runs 3").split(" "),
            new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, out);
        assertTrue(out.contains("run 3 seed 102: best epoch "), out);
        assertTrue(out.contains("seed average 1 (seeds 100-102): acc "), out);
        assertTrue(out.contains("seed averages of 3 runs: bAcc "), out);
    }
}
