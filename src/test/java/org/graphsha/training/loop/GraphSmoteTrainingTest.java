package org.graphsha.training.loop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.Tensor;
import org.graphsha.tools.bench.BenchCommand;
import org.graphsha.training.CoraLt;
import org.junit.jupiter.api.Test;

/** GraphSmote_O end to end on Cora-LT with few epochs: the trainer's loop and the bench entry. */
class GraphSmoteTrainingTest {

    @Test
    void trainsWithSyntheticMinorityNodesAndLearns() {
        List<EpochReport> reports = new ArrayList<>();
        TrainerOptions config = TrainerOptions.defaults(BackboneKind.GCN).withEpochs(40);
        TrainingResult r = Trainer.trainGraphSmote(CoraLt.snapshot(), config, 0, reports::add);
        assertEquals(40, reports.size());
        for (EpochReport report : reports) {
            assertEquals(318, report.syntheticNodes(), "Cora-LT minor classes filled to the mean: 56+83+17+75+87");
        }
        Tensor decoder = r.parameters().get(r.parameters().size() - 1);
        assertEquals("decoder.weight", decoder.name());
        assertArrayEquals(new long[] {64, 64}, decoder.shape());
        // Majority guessing gives bAcc 1/7 = 0.143 and accuracy 0.319 on this test set.
        assertTrue(r.test().balancedAccuracy() > 0.2, "test bAcc " + r.test().balancedAccuracy());
        assertTrue(r.test().accuracy() > 0.35, "test accuracy " + r.test().accuracy());
    }

    @Test
    void anUpScaleSetsTheNumberOfSyntheticNodes() {
        List<EpochReport> reports = new ArrayList<>();
        TrainerOptions config = TrainerOptions.defaults(BackboneKind.SAGE).withEpochs(3);
        Trainer.trainGraphSmote(CoraLt.snapshot(), config, 1, reports::add);
        for (EpochReport report : reports) {
            assertEquals(34 + 7 + 73 + 15 + 3, report.syntheticNodes(), "up-scale 1: each minor class doubled");
        }
    }

    @Test
    void benchRunsGraphSmote() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = BenchCommand.run(("--dataset cora --setting lt --backbone gat --method graphSmote --runs 1 --epochs 2"
            + " --format json").split(" "), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, out);
        assertTrue(out.contains("\"method\":\"graphSmote\""), out);
    }
}
